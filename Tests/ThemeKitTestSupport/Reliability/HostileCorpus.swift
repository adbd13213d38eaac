import Foundation

/// One hostile input: a theme pack, a design-token file or a resolver document built to
/// break a parser.
///
/// Every input must be refused with a clear error (one that ``mentions`` says what is
/// wrong), in bounded time and memory, without a crash.
public struct HostileInput: Sendable, CustomStringConvertible {
    /// What reads the input.
    public enum Format: String, Sendable, CaseIterable {
        /// A theme pack (`*.pack.json`), read by `ThemePackDecoder`.
        case pack
        /// A DTCG token file (`*.tokens.json`), read by `DTCGDocument` and `DTCGImporter`.
        case tokens
        /// A DTCG resolver document (`*.resolver.json`), read by `DTCGImporter.pack(resolver:)`.
        case resolver
    }

    /// The file name, ending in `.pack.json`, `.tokens.json` or `.resolver.json`.
    public let name: String
    /// What reads the input, from the name's suffix.
    public let format: Format
    /// Words, lowercased, of which the error's description must contain at least one.
    public let mentions: [String]
    /// Whether the input is built at run time (too large to commit) rather than read from
    /// `Tests/Corpus/hostile`.
    public let isGenerated: Bool
    private let contents: @Sendable () throws -> Data

    init(_ name: String, mentions: [String], generated: (@Sendable () -> Data)? = nil) {
        self.name = name
        self.mentions = mentions
        isGenerated = generated != nil
        if name.hasSuffix(".pack.json") {
            format = .pack
        } else if name.hasSuffix(".resolver.json") {
            format = .resolver
        } else {
            precondition(name.hasSuffix(".tokens.json"), "a hostile input's name gives its format: \(name)")
            format = .tokens
        }
        if let generated {
            contents = generated
        } else {
            let url = HostileCorpus.directory.appendingPathComponent(name)
            contents = { try Data(contentsOf: url) }
        }
    }

    /// The input's bytes.
    /// - Throws: When a committed file cannot be read.
    public func data() throws -> Data { try contents() }

    /// The name.
    public var description: String { name }
}

/// The hostile-input corpus (issue #6): malformed UTF-8, a 50 MB document, 100,000-deep
/// nesting, 1e308 sizes, NaN, alias chains of 100,000, alias cycles, duplicate keys, wrong
/// types everywhere, and resolver documents that try to leave their folder.
///
/// Small inputs are files in `Tests/Corpus/hostile`; large ones are built at run time.
/// Tests of the decoders and of the CLI both iterate ``all``; a CLI test can write every
/// input to a folder with ``materialize(in:)`` and run the tool on each file.
///
/// ```swift
/// for (input, url) in try HostileCorpus.materialize(in: folder) {
///     let result = try runCLI(["validate", url.path])
///     #expect(result.status != 0 && input.mentions.contains { result.stderr.lowercased().contains($0) })
/// }
/// ```
public enum HostileCorpus {
    /// `Tests/Corpus/hostile` in the repository.
    public static let directory = Fixtures.repositoryRoot.appendingPathComponent("Tests/Corpus/hostile")

    /// The size of the generated oversized documents: 50 MB.
    public static let largeDocumentBytes = 50 * 1024 * 1024
    /// The nesting depth of the generated deep documents.
    public static let deepNesting = 100_000
    /// The length of the generated alias chain and alias cycle: 100,000, or
    /// `THEMEKIT_HOSTILE_ALIAS_CHAIN` (the sanitizer passes use less).
    public static let longAliasChain =
        ProcessInfo.processInfo.environment["THEMEKIT_HOSTILE_ALIAS_CHAIN"].flatMap { Int($0) } ?? 100_000

    private static let header = #"{"schemaVersion":1,"id":"hostile","name":"Hostile""#

    /// The committed inputs, with what their errors must mention.
    public static let committed: [HostileInput] = [
        HostileInput("malformed-utf8-overlong.pack.json", mentions: ["utf-8"]),
        HostileInput("malformed-utf8-truncated.pack.json", mentions: ["utf-8"]),
        HostileInput("malformed-utf8-surrogate.pack.json", mentions: ["utf-8"]),
        HostileInput("malformed-utf8-beyond-u10ffff.pack.json", mentions: ["utf-8"]),
        HostileInput("malformed-utf8-in-key.pack.json", mentions: ["utf-8"]),
        HostileInput("malformed-utf8-latin1.tokens.json", mentions: ["utf-8"]),
        HostileInput("lone-surrogate-escape.pack.json", mentions: ["surrogate"]),
        HostileInput("nan.pack.json", mentions: ["nan"]),
        HostileInput("infinity.pack.json", mentions: ["infinity"]),
        HostileInput("overflow-1e400.pack.json", mentions: ["too large"]),
        HostileInput("sizes-1e308.pack.json", mentions: ["radii.a", "range"]),
        HostileInput("huge-number-literal.pack.json", mentions: ["number is longer than the limit"]),
        HostileInput("schema-version-1e308.pack.json", mentions: ["schema"]),
        HostileInput("nan-dimension.tokens.json", mentions: ["nan"]),
        HostileInput("sizes-1e308.tokens.json", mentions: ["range"]),
        HostileInput("duplicate-keys.pack.json", mentions: ["more than once", "duplicate"]),
        HostileInput("duplicate-keys.tokens.json", mentions: ["more than once", "duplicate"]),
        HostileInput("wrong-types-everywhere.pack.json", mentions: ["must be", "expected", "not a"]),
        HostileInput("wrong-types-sections.pack.json", mentions: ["must be", "expected", "not a"]),
        HostileInput("wrong-types-everywhere.tokens.json", mentions: ["must be", "expected", "not a"]),
        HostileInput("root-array.pack.json", mentions: ["object"]),
        HostileInput("root-string.tokens.json", mentions: ["object"]),
        HostileInput("empty.pack.json", mentions: ["empty"]),
        HostileInput("whitespace-only.pack.json", mentions: ["empty"]),
        HostileInput("bom-only.pack.json", mentions: ["empty"]),
        HostileInput("control-characters.pack.json", mentions: ["control character"]),
        HostileInput("trailing-garbage.pack.json", mentions: ["after the json value"]),
        HostileInput("truncated.pack.json", mentions: ["ends"]),
        HostileInput("nesting-65.pack.json", mentions: ["nest"]),
        HostileInput("style-cycle.pack.json", mentions: ["cycle", "loop"]),
        HostileInput("alias-cycle.tokens.json", mentions: ["cycle"]),
        HostileInput("alias-self.tokens.json", mentions: ["cycle", "itself"]),
        HostileInput("alias-missing.tokens.json", mentions: ["nowhere.at.all"]),
        HostileInput("alias-type-mismatch.tokens.json", mentions: ["type"]),
        HostileInput("alias-chain-40.tokens.json", mentions: ["chain"]),
        HostileInput("escape.resolver.json", mentions: ["outside", "leaves", "refused", "not allowed"]),
        HostileInput("absolute-path.resolver.json", mentions: ["absolute", "refused", "not allowed"]),
        HostileInput("self-reference.resolver.json", mentions: ["cycle", "itself", "refers", "resolver"]),
    ]

    /// The inputs built at run time.
    public static let generated: [HostileInput] = [
        HostileInput("document-50mb.pack.json", mentions: ["more than the limit", "larger than the"]) {
            padded(header + #","description":""#, #""}"#)
        },
        HostileInput("document-50mb.tokens.json", mentions: ["more than the limit", "larger than the"]) {
            padded(#"{"big":{"$type":"string","$value":""#, #""}}"#)
        },
        HostileInput("nesting-100000.pack.json", mentions: ["nest"]) {
            Data(
                (header + #","description":"# + String(repeating: "[", count: deepNesting)
                    + String(repeating: "]", count: deepNesting) + "}").utf8)
        },
        HostileInput("nesting-100000.tokens.json", mentions: ["nest"]) {
            Data(
                (String(repeating: #"{"g":"#, count: deepNesting) + #"{"$type":"number","$value":1}"#
                    + String(repeating: "}", count: deepNesting)).utf8)
        },
        HostileInput("alias-chain-long.tokens.json", mentions: ["chain"]) {
            aliases(count: longAliasChain, last: "1")
        },
        HostileInput("alias-cycle-long.tokens.json", mentions: ["cycle"]) {
            aliases(count: longAliasChain, last: #""{t0}""#)
        },
        HostileInput("too-many-tokens.pack.json", mentions: ["more than the limit of"]) {
            Data(
                (header + #","description":["# + String(repeating: "0,", count: 1_000_000) + "0]}").utf8)
        },
        HostileInput("string-2mb.pack.json", mentions: ["string is longer than the limit"]) {
            Data((header + #","description":""# + String(repeating: "x", count: 2 << 20) + #""}"#).utf8)
        },
        // Past ThemePack.maxStyles: refused for its size before its cycle is looked at.
        HostileInput("style-cycle-10000.pack.json", mentions: ["cycle", "loop", "more than the limit"]) {
            let styles = (0..<10_000).map { #""s\#($0)":"s\#(($0 + 1) % 10_000)""# }
            return Data((header + #","styles":{"# + styles.joined(separator: ",") + "}}").utf8)
        },
        HostileInput("invalid-colors-100000.pack.json", mentions: ["#ggg"]) {
            let colors = (0..<100_000).map { ##""c\##($0)":"#GGG""## }
            return Data((header + #","colors":{"# + colors.joined(separator: ",") + "}}").utf8)
        },
        HostileInput("duplicate-keys-100000.pack.json", mentions: ["more than once", "duplicate"]) {
            let members = Array(repeating: #""r":1"#, count: 100_000)
            return Data((header + #","radii":{"# + members.joined(separator: ",") + "}}").utf8)
        },
        // A key repeated 450,000 times under a 1 MiB key: each report would carry a copy of that key.
        HostileInput(
            "duplicate-keys-under-long-key.tokens.json", mentions: ["more than once", "duplicate", "longer than"]
        ) {
            let members = Array(repeating: #""x":0"#, count: 450_000)
            return Data(
                (#"{""# + String(repeating: "a", count: 1 << 20) + #"":{"# + members.joined(separator: ",") + "}}")
                    .utf8)
        },
        // 240,000 tokens under a 1 MiB group name: each token's path would carry a copy of it.
        HostileInput("long-group-name.tokens.json", mentions: ["longer than"]) {
            let tokens = (0..<240_000).map { ##""t\##($0)":{"$value":"#000"}"## }
            return Data(
                (#"{""# + String(repeating: "a", count: 1 << 20) + #"":{"$type":"color","#
                    + tokens.joined(separator: ",") + "}}").utf8)
        },
        // The same under a name of one character and 524,000 combining marks: short in characters,
        // 1 MiB in bytes (ThemePack.maxNameBytes).
        HostileInput("combining-group-name.tokens.json", mentions: ["longer than"]) {
            let tokens = (0..<240_000).map { ##""t\##($0)":{"$value":"#000"}"## }
            return Data(
                (#"{"a"# + String(repeating: "\u{301}", count: 524_000) + #"":{"$type":"color","#
                    + tokens.joined(separator: ",") + "}}").utf8)
        },
        // A Tokens Studio export whose set has a 1 MiB name and 5,000 invalid tokens: each issue's
        // source names the set (shortened, as in a path).
        HostileInput("long-set-name.tokens.json", mentions: ["#zz", "longer than", "no design tokens"]) {
            let tokens = (0..<5_000).map { ##""t\##($0)":{"value":"#zz","type":"color"}"## }
            return Data(
                (#"{"$metadata":{},""# + String(repeating: "s", count: (1 << 20) - 16) + #"":{"#
                    + tokens.joined(separator: ",") + "}}").utf8)
        },
        // A Tokens Studio export of 40,000 sets that one theme enables, and 60,000 themes each in a group
        // of its own: linear, not a walk over the sets (or the themes) for each one.
        HostileInput("many-sets-and-groups.tokens.json", mentions: ["#zz", "no design tokens"]) {
            let sets = (0..<40_000).map { #""s\#($0)":{}"# }
            let selected = (0..<40_000).map { #""s\#($0)":"enabled""# }
            let themes = (0..<60_000).map { #"{"name":"t\#($0)","group":"g\#($0)","selectedTokenSets":{}}"# }
            return Data(
                (##"{"$metadata":{},"core":{"bad":{"value":"#zz","type":"color"}},"## + sets.joined(separator: ",")
                    + #","$themes":[{"name":"Light","selectedTokenSets":{"core":"enabled","#
                    + selected.joined(separator: ",") + "}}," + themes.joined(separator: ",") + "]}").utf8)
        },
        // A Tokens Studio colour of 1 MiB that is not a colour, which 1,200 tokens take with an alpha
        // (`rgba({a}, 0.5)`): the failure, cached, is given to each of them, and must quote the value
        // shortened (it was copied whole: 1.2 GB of issues).
        HostileInput("shared-bad-colour.tokens.json", mentions: ["is not a colour", "longer than", "no design tokens"])
        {
            let references = (0..<1_200).map { #""t\#($0)":{"value":"rgba({a}, 0.5)","type":"color"}"# }
            return Data(
                (#"{"$metadata":{"tokenSetOrder":["s"]},"s":{"a":{"value":""# + String(repeating: "x", count: 1 << 20)
                    + #"","type":"color"},"# + references.joined(separator: ",") + "}}").utf8)
        },
        // A modifier whose context has a 1 MiB name and 1,500 invalid sources: each error's path names
        // the context (shortened).
        HostileInput("long-context-name.resolver.json", mentions: ["contexts"]) {
            let name = String(repeating: "c", count: (1 << 20) - 16)
            return Data(
                (#"{"version":"2025.10","modifiers":{"m":{"contexts":{""# + name + #"":["#
                    + Array(repeating: "0", count: 1_500).joined(separator: ",") + #"]},"default":""# + name
                    + ##""}},"resolutionOrder":[{"$ref":"#/modifiers/m"}]}"##).utf8)
        },
        // 120,000 sets, each referenced once by the resolution order, then one that is not there: each
        // reference is found in O(1), not by a walk over the sets.
        HostileInput("many-set-references.resolver.json", mentions: ["does not point"]) {
            let sets = (0..<120_000).map { #""s\#($0)":{"sources":[]}"# }
            let order = (0..<120_000).map { ##"{"$ref":"#/sets/s\##($0)"}"## } + [##"{"$ref":"#/sets/missing"}"##]
            return Data(
                (#"{"version":"2025.10","sets":{"# + sets.joined(separator: ",") + #"},"resolutionOrder":["#
                    + order.joined(separator: ",") + "]}").utf8)
        },
        // One group of 100,000 tokens referenced 100,000 times: read once, merged 10^10 times.
        HostileInput("repeated-reference.resolver.json", mentions: ["merges more than"]) {
            let tokens = (0..<100_000).map { #""t\#($0)":{"$type":"number","$value":1}"# }
            let references = Array(repeating: ##"{"$ref":"#/big"}"##, count: 100_000)
            return Data(
                (#"{"version":"2025.10","big":{"# + tokens.joined(separator: ",")
                    + #"},"resolutionOrder":[{"type":"set","sources":["# + references.joined(separator: ",")
                    + "]}]}").utf8)
        },
        // 900,000 invalid entries in the resolution order: each error is compared with the ones before it.
        HostileInput("resolution-order-900000.resolver.json", mentions: ["resolutionorder"]) {
            Data(
                (#"{"version":"2025.10","resolutionOrder":["#
                    + Array(repeating: "0", count: 900_000).joined(separator: ",")
                    + "]}").utf8)
        },
    ]

    /// Every input: committed, then generated.
    public static var all: [HostileInput] { committed + generated }

    /// Writes every input to `directory`, each under its name.
    /// - Returns: The inputs and their files, in the order of ``all``.
    /// - Throws: When a file cannot be read or written.
    public static func materialize(in directory: URL) throws -> [(input: HostileInput, url: URL)] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try all.map { input in
            let url = directory.appendingPathComponent(input.name)
            try input.data().write(to: url)
            return (input, url)
        }
    }

    /// `prefix`, filler, `suffix`, together ``largeDocumentBytes`` long.
    private static func padded(_ prefix: String, _ suffix: String) -> Data {
        var data = Data(prefix.utf8)
        data.append(
            Data(repeating: UInt8(ascii: "a"), count: largeDocumentBytes - prefix.utf8.count - suffix.utf8.count))
        data.append(Data(suffix.utf8))
        return data
    }

    /// Tokens `t0` … `t(count-1)`, each an alias of the next; the last one's value is `last`.
    private static func aliases(count: Int, last: String) -> Data {
        var text = "{"
        text.reserveCapacity(count * 48)
        for index in 0..<count {
            let value = index == count - 1 ? last : #""{t\#(index + 1)}""#
            text += #""t\#(index)":{"$type":"number","$value":\#(value)}"#
            if index < count - 1 { text += "," }
        }
        return Data((text + "}").utf8)
    }
}
