import Foundation

extension ThemeColor {
    /// The longest string ``init(css:)`` reads, in characters.
    public static let maxCSSLength = 256

    /// Parses a CSS colour: hex, `rgb()`/`rgba()`, `hsl()`/`hsla()` or a named colour.
    ///
    /// Accepted, as CSS Color 4 defines them:
    /// - `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (see ``init(hex:)``);
    /// - `rgb()` and `rgba()` (the same function), with commas (`rgb(0, 85, 255)`, `rgba(0, 85, 255, 0.5)`)
    ///   or spaces (`rgb(0 85 255 / 50%)`); channels are numbers in 0…255 or percentages;
    /// - `hsl()` and `hsla()`, with commas or spaces; the hue is a number of degrees or has a unit
    ///   (`deg`, `grad`, `rad`, `turn`); saturation and lightness are percentages (or, with spaces, numbers);
    /// - alpha as a number in 0…1 or a percentage; in the space syntax, `none` for a missing component (0);
    /// - the 148 CSS named colours and `transparent`, in any case.
    ///
    /// As in CSS, channels outside their range are clamped and function names and keywords are
    /// case-insensitive. Surrounding whitespace is an error, as it is for hex. Other CSS colour functions
    /// (`lab()`, `lch()`, `oklch()`, `color()`, `color-mix()`, `var()`…) throw
    /// ``CSSColorError/unsupportedFunction(_:function:)``.
    ///
    /// ```swift
    /// try ThemeColor(css: "rgb(0 85 255 / 50%)").hex   // "#0055FF80"
    /// try ThemeColor(css: "hsl(0.5turn, 100%, 25%)").hex // "#008080"
    /// try ThemeColor(css: "RebeccaPurple").hex         // "#663399"
    /// ```
    ///
    /// - Parameter css: The colour string.
    /// - Throws: ``CSSColorError`` naming the string and what was wrong.
    /// - Complexity: O(*n*) in the length of the string, which is at most ``maxCSSLength``.
    public init(css: String) throws(CSSColorError) {
        self = try Self.parsingCSS(css).color
    }

    /// Parses a CSS colour as ``init(css:)`` does, also returning each component that was outside its range
    /// and clamped (`"the red channel 300 is outside 0–255; 255 is used"`), so importers can report it.
    static func parsingCSS(_ css: String) throws(CSSColorError) -> (color: ThemeColor, clamped: [String]) {
        guard let first = css.first, let last = css.last else { throw .empty }
        if first.isWhitespace || last.isWhitespace { throw .surroundingWhitespace(css) }
        guard css.unicodeScalars.count <= Self.maxCSSLength else { throw .tooLong(css, limit: Self.maxCSSLength) }
        if first == "#" {
            do {
                return (try ThemeColor(hex: css), [])
            } catch {
                throw .invalidHex(error)
            }
        }
        let scalars = Array(css.unicodeScalars)
        if let open = scalars.firstIndex(of: "(") {
            let name = String(String.UnicodeScalarView(scalars[..<open])).lowercased()
            guard scalars.last == ")" else {
                if CSSColorFunction(rawValue: name) == nil, CSSColorParser.isIdentifier(name) {
                    throw .unsupportedFunction(css, function: name)
                }
                throw .invalidArguments(css, reason: "the function is not closed with ')'")
            }
            guard let function = CSSColorFunction(rawValue: name) else {
                guard CSSColorParser.isIdentifier(name) else { throw .unknownName(css) }
                throw .unsupportedFunction(css, function: name)
            }
            let arguments = Array(scalars[(open + 1)..<(scalars.count - 1)])
            var parser = CSSColorParser(text: css)
            let color = try parser.color(function, arguments: arguments)
            return (color, parser.clamped)
        }
        let keyword = css.lowercased()
        if keyword == "transparent" { return (ThemeColor(red: 0, green: 0, blue: 0, alpha: 0), []) }
        if keyword == "currentcolor" || keyword == "inherit" || keyword == "initial" || keyword == "unset" {
            throw .contextualKeyword(css)
        }
        guard let rgb = CSSNamedColors.table[keyword] else { throw .unknownName(css) }
        let color = ThemeColor(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
        return (color, [])
    }
}

/// The CSS colour functions ``ThemeColor/init(css:)`` evaluates.
enum CSSColorFunction: String {
    case rgb, rgba, hsl, hsla
}

/// Parses the arguments of `rgb()`/`hsl()`; ASCII only, one pass, no allocation beyond the argument list.
struct CSSColorParser {
    /// The whole colour string, for errors.
    let text: String
    /// Each component that was outside its range and clamped, as a sentence.
    var clamped: [String] = []

    /// Records a component outside `range` (in the units it was written in).
    mutating func check(_ label: String, _ value: Double, _ range: ClosedRange<Double>, unit: String) {
        guard !range.contains(value) else { return }
        let used = min(max(value, range.lowerBound), range.upperBound)
        clamped.append(
            "the \(label) \(JSONWriter.format(value))\(unit) is outside \(JSONWriter.format(range.lowerBound))–"
                + "\(JSONWriter.format(range.upperBound))\(unit); \(JSONWriter.format(used))\(unit) is used")
    }

    /// One argument: a number with an optional unit (`%`, `deg`, `turn`…), or `none`.
    struct Argument {
        var value: Double
        var unit: String
        var isNone: Bool
    }

    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            }
    }

    func fail(_ reason: String) -> CSSColorError { .invalidArguments(text, reason: reason) }

    mutating func color(_ function: CSSColorFunction, arguments scalars: [Unicode.Scalar]) throws(CSSColorError)
        -> ThemeColor
    {
        let (arguments, usesCommas) = try split(scalars)
        let isRGB = function == .rgb || function == .rgba
        let name = function.rawValue + "()"
        guard arguments.count == 3 || arguments.count == 4 else {
            throw fail("\(name) takes three components and an optional alpha, not \(arguments.count) values")
        }
        if usesCommas, arguments.contains(where: { $0.isNone }) {
            throw fail("'none' is allowed only in the space-separated syntax")
        }
        var alpha = 1.0
        if arguments.count == 4 {
            let argument = arguments[3]
            switch argument.unit {
            case "" where !argument.isNone:
                alpha = argument.value
                check("alpha", argument.value, 0...1, unit: "")
            case "%":
                alpha = argument.value / 100
                check("alpha", argument.value, 0...100, unit: "%")
            case "": alpha = 0
            default: throw fail("the alpha '\(format(argument))' must be a number or a percentage")
            }
        }
        if isRGB {
            var channels: [Double] = []
            let labels = ["red channel", "green channel", "blue channel"]
            for (index, argument) in arguments.prefix(3).enumerated() {
                switch argument.unit {
                case "%":
                    channels.append(argument.value / 100)
                    check(labels[index], argument.value, 0...100, unit: "%")
                case "":
                    channels.append(argument.isNone ? 0 : argument.value / 255)
                    check(labels[index], argument.value, 0...255, unit: "")
                default:
                    throw fail(
                        "the channel \(index + 1), '\(format(argument))', must be a number (0–255) or a percentage")
                }
            }
            if usesCommas, Set(arguments.prefix(3).map { $0.unit }).count > 1 {
                throw fail("with commas, the channels must be all numbers or all percentages")
            }
            return ThemeColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        }
        let hue = try degrees(arguments[0])
        var parts: [Double] = []
        for (index, argument) in arguments[1...2].enumerated() {
            let label = index == 0 ? "saturation" : "lightness"
            switch argument.unit {
            case "%":
                parts.append(argument.value / 100)
                check(label, argument.value, 0...100, unit: "%")
            case "" where argument.isNone: parts.append(0)
            case "" where !usesCommas:
                parts.append(argument.value / 100)
                check(label, argument.value, 0...100, unit: "")
            default: throw fail("the \(label) '\(format(argument))' must be a percentage")
            }
        }
        let (red, green, blue) = Self.rgb(hue: hue, saturation: parts[0], lightness: parts[1])
        return ThemeColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    func degrees(_ argument: Argument) throws(CSSColorError) -> Double {
        let value: Double
        switch argument.unit {
        case "" where argument.isNone: value = 0
        case "", "deg": value = argument.value
        case "grad": value = argument.value * 0.9
        case "rad": value = argument.value * 180 / Double.pi
        case "turn": value = argument.value * 360
        default: throw fail("the hue '\(format(argument))' must be a number or an angle (deg, grad, rad, turn)")
        }
        let wrapped = value.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// CSS Color 4's `hslToRgb`, with saturation and lightness clamped to 0…1.
    static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let saturation = min(max(saturation, 0), 1)
        let lightness = min(max(lightness, 0), 1)
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    func format(_ argument: Argument) -> String {
        argument.isNone ? "none" : JSONWriter.format(argument.value) + argument.unit
    }

    /// Splits the argument list: either all commas (`a, b, c[, d]`) or spaces with an optional `/ alpha`.
    func split(_ scalars: [Unicode.Scalar]) throws(CSSColorError) -> (arguments: [Argument], usesCommas: Bool) {
        var arguments: [Argument] = []
        var separators: [Unicode.Scalar] = []
        var index = 0
        func skipSpace() {
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        }
        skipSpace()
        var sawSpace = false
        while index < scalars.count {
            if !arguments.isEmpty {
                if scalars[index] == "," || scalars[index] == "/" {
                    separators.append(scalars[index])
                    index += 1
                    skipSpace()
                } else if sawSpace {
                    separators.append(" ")
                } else {
                    throw fail("expected a space, ',' or '/' after the value \(arguments.count)")
                }
                guard index < scalars.count else { throw fail("a value is missing after the last separator") }
            }
            arguments.append(try argument(scalars, &index))
            let end = index
            skipSpace()
            sawSpace = index > end
            guard arguments.count <= 4 else { throw fail("there are more than four values") }
        }
        guard !arguments.isEmpty else { throw fail("the function has no arguments") }
        let commas = separators.filter { $0 == "," }.count
        let slashes = separators.filter { $0 == "/" }.count
        if commas > 0 {
            guard commas == separators.count else { throw fail("commas and spaces or '/' cannot be mixed") }
            return (arguments, true)
        }
        if slashes > 0 {
            guard slashes == 1, separators.last == "/", arguments.count == 4 else {
                throw fail("'/' may appear once, before the alpha")
            }
        } else if arguments.count == 4 {
            throw fail("in the space syntax the alpha follows a '/': rgb(R G B / A)")
        }
        return (arguments, false)
    }

    func argument(_ scalars: [Unicode.Scalar], _ index: inout Int) throws(CSSColorError) -> Argument {
        let start = index
        if scalars.count - index >= 4,
            String(String.UnicodeScalarView(scalars[index..<(index + 4)])).lowercased() == "none"
        {
            index += 4
            if index == scalars.count || !Self.isIdentifierScalar(scalars[index]) {
                return Argument(value: 0, unit: "", isNone: true)
            }
            index = start
        }
        var number = ""
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
            number.unicodeScalars.append(scalars[index])
            index += 1
        }
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            number.unicodeScalars.append(scalars[index])
            index += 1
            digits += 1
        }
        if index < scalars.count, scalars[index] == "." {
            number.unicodeScalars.append(".")
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                number.unicodeScalars.append(scalars[index])
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            var end = index
            while end < scalars.count, !Self.isSpace(scalars[end]), scalars[end] != ",", scalars[end] != "/" {
                end += 1
            }
            let word = String(String.UnicodeScalarView(scalars[start..<max(end, min(start + 1, scalars.count))]))
            if word.contains("(") {
                let name = String(word.prefix { $0 != "(" }).lowercased()
                if Self.isIdentifier(name) {
                    throw fail("'\(name)(…)' inside a colour function is not supported; write the number itself")
                }
            }
            throw fail("'\(word)' is not a number")
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var exponent = "e"
            var lookahead = index + 1
            if lookahead < scalars.count, scalars[lookahead] == "+" || scalars[lookahead] == "-" {
                exponent.unicodeScalars.append(scalars[lookahead])
                lookahead += 1
            }
            var exponentDigits = 0
            while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]), exponentDigits < 4 {
                exponent.unicodeScalars.append(scalars[lookahead])
                lookahead += 1
                exponentDigits += 1
            }
            if exponentDigits > 0 {
                number += exponent
                index = lookahead
            }
        }
        var unit = ""
        while index < scalars.count, Self.isIdentifierScalar(scalars[index]) || scalars[index] == "%" {
            unit.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard let value = Double(number), value.isFinite else { throw fail("'\(number)' is not a finite number") }
        unit = unit.lowercased()
        guard ["", "%", "deg", "grad", "rad", "turn"].contains(unit) else {
            throw fail("'\(number)\(unit)' has the unit '\(unit)', which a colour component cannot have")
        }
        return Argument(value: value, unit: unit, isNone: false)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
