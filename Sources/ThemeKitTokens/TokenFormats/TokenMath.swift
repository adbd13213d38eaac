/// A number with an optional CSS unit, the value of a Tokens Studio math expression.
struct TokenQuantity: Hashable, Sendable {
    var value: Double
    /// `""`, `px`, `rem`, `em` or `%`.
    var unit: String

    static let units: Set<String> = ["", "px", "rem", "em", "%"]

    /// A bare quantity: `16`, `16px`, `-0.5rem`, `150%`; `nil` for anything else.
    static func parse(_ text: String) -> TokenQuantity? {
        var parser = TokenMath.Parser(scalars: Array(text.unicodeScalars))
        guard let quantity = try? parser.number(), parser.isAtEnd else { return nil }
        return quantity
    }

    /// `16px`, `1.5`.
    var text: String { JSONWriter.format(value) + unit }
}

/// Evaluates the arithmetic Tokens Studio allows in values: `{spacing.base} * 2`, `(16px + 4px) / 2`.
///
/// The grammar is `+ - * /`, unary minus, parentheses, numbers with an optional unit (`px`, `rem`, `em`,
/// `%`) and references `{a.b}`; nothing else is evaluated (no functions, no variables, no `eval`).
/// Units follow CSS: a sum needs operands of one unit (a unitless operand takes the other's); a product
/// may have one operand with a unit; a quotient of two like units is unitless. Bounds, so a hostile file
/// cannot exhaust the stack or time: ``maxLength`` characters, ``maxNesting`` levels of parentheses;
/// references are resolved by the caller, which bounds and memoises them.
enum TokenMath {
    /// The longest expression evaluated, in Unicode scalars.
    static let maxLength = 1_024
    /// The deepest nesting of parentheses and unary minus.
    static let maxNesting = 32

    /// Why an expression could not be evaluated: a sentence for the issue.
    struct Failure: Error, Hashable {
        var reason: String
    }

    /// Whether a string is arithmetic rather than a plain value: it has an operator outside references
    /// (`{a} * 2`, `8px + 4px`, `-{a}`) and is not a single number (`-4px`) or a single reference.
    static func isExpression(_ text: String) -> Bool {
        if TokenQuantity.parse(text) != nil { return false }
        if DTCGAlias.target(of: text) != nil { return false }
        let scalars = Array(text.unicodeScalars)
        var depth = 0
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "{": depth += 1
            case "}": depth -= 1
            case "*", "/", "+", "(": if depth == 0 { return true }
            // A minus is an operator between operands (`{a} - 4`, `8px-4px`), not inside a word (`sans-serif`).
            case "-" where depth == 0:
                let before = scalars[..<index].last { !Parser.isSpace($0) }
                let after = scalars[(index + 1)...].first { !Parser.isSpace($0) }
                let operandEnd = before.map { $0 == "}" || $0 == ")" || $0 == "%" || ("0"..."9").contains($0) }
                let afterDigitUnit =
                    before.map { ("a"..."z").contains($0) } == true
                    && scalars[..<index].contains { ("0"..."9").contains($0) }
                let operandStart = after.map { $0 == "{" || $0 == "(" || $0 == "." || ("0"..."9").contains($0) }
                if before == nil, after == "{" { return true }
                if operandEnd == true || afterDigitUnit, operandStart == true { return true }
            default: break
            }
        }
        return false
    }

    /// Evaluates an expression.
    /// - Parameters:
    ///   - text: The expression.
    ///   - reference: Returns the quantity a `{path}` stands for, or throws why it has none.
    static func evaluate(
        _ text: String, reference: (String) throws(Failure) -> TokenQuantity
    ) throws(Failure) -> TokenQuantity {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= maxLength else {
            throw Failure(reason: "the expression is longer than \(maxLength) characters")
        }
        var parser = Parser(scalars: scalars)
        let result = try parser.sum(reference, depth: 0)
        parser.skipSpace()
        guard parser.isAtEnd else {
            throw Failure(reason: "unexpected '\(parser.rest)' in '\(text)'; only + - * / ( ) numbers and {references}")
        }
        guard result.value.isFinite else { throw Failure(reason: "'\(text)' does not give a finite number") }
        return result
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        var isAtEnd: Bool { index >= scalars.count }
        var rest: String { String(String.UnicodeScalarView(scalars[min(index, scalars.count)...].prefix(20))) }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }

        mutating func skipSpace() {
            while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        }

        mutating func sum(
            _ reference: (String) throws(Failure) -> TokenQuantity, depth: Int
        ) throws(Failure) -> TokenQuantity {
            var left = try product(reference, depth: depth)
            while true {
                skipSpace()
                guard index < scalars.count, scalars[index] == "+" || scalars[index] == "-" else { return left }
                let isPlus = scalars[index] == "+"
                index += 1
                let right = try product(reference, depth: depth)
                let unit = try Self.sumUnit(left, right, isPlus ? "+" : "-")
                left = TokenQuantity(value: isPlus ? left.value + right.value : left.value - right.value, unit: unit)
            }
        }

        mutating func product(
            _ reference: (String) throws(Failure) -> TokenQuantity, depth: Int
        ) throws(Failure) -> TokenQuantity {
            var left = try factor(reference, depth: depth)
            while true {
                skipSpace()
                guard index < scalars.count, scalars[index] == "*" || scalars[index] == "/" else { return left }
                let isTimes = scalars[index] == "*"
                index += 1
                let right = try factor(reference, depth: depth)
                if isTimes {
                    guard left.unit.isEmpty || right.unit.isEmpty else {
                        throw Failure(reason: "\(left.text) * \(right.text) multiplies two lengths")
                    }
                    left = TokenQuantity(value: left.value * right.value, unit: left.unit + right.unit)
                } else {
                    guard right.value != 0 else {
                        throw Failure(reason: "\(left.text) / \(right.text) divides by zero")
                    }
                    let unit: String
                    if right.unit.isEmpty {
                        unit = left.unit
                    } else if right.unit == left.unit {
                        unit = ""
                    } else {
                        throw Failure(reason: "\(left.text) / \(right.text) divides by a length of another unit")
                    }
                    left = TokenQuantity(value: left.value / right.value, unit: unit)
                }
            }
        }

        mutating func factor(
            _ reference: (String) throws(Failure) -> TokenQuantity, depth: Int
        ) throws(Failure) -> TokenQuantity {
            guard depth < TokenMath.maxNesting else {
                throw Failure(reason: "the expression nests deeper than \(TokenMath.maxNesting) levels")
            }
            skipSpace()
            guard index < scalars.count else { throw Failure(reason: "the expression ends where a value is expected") }
            switch scalars[index] {
            case "(":
                index += 1
                let inner = try sum(reference, depth: depth + 1)
                skipSpace()
                guard index < scalars.count, scalars[index] == ")" else {
                    throw Failure(reason: "a '(' is not closed")
                }
                index += 1
                return inner
            case "-":
                index += 1
                let inner = try factor(reference, depth: depth + 1)
                return TokenQuantity(value: -inner.value, unit: inner.unit)
            case "+":
                index += 1
                return try factor(reference, depth: depth + 1)
            case "{":
                let start = index + 1
                while index < scalars.count, scalars[index] != "}" { index += 1 }
                guard index < scalars.count else { throw Failure(reason: "a '{' reference is not closed") }
                let path = String(String.UnicodeScalarView(scalars[start..<index]))
                index += 1
                guard !path.isEmpty, !path.contains("{") else {
                    throw Failure(reason: "'{\(path)}' is not a reference")
                }
                return try reference(path)
            default:
                return try number()
            }
        }

        /// A number literal with an optional unit.
        mutating func number() throws(Failure) -> TokenQuantity {
            let start = index
            var text = ""
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            var digits = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
                if scalars[index] != "." { digits += 1 }
                text.unicodeScalars.append(scalars[index])
                index += 1
                guard text.unicodeScalars.count <= 64 else { throw Failure(reason: "a number is too long") }
            }
            var unit = ""
            while index < scalars.count,
                ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index]) || scalars[index] == "%"
            {
                unit.unicodeScalars.append(scalars[index])
                index += 1
                guard unit.unicodeScalars.count <= 8 else { throw Failure(reason: "'\(unit)…' is not a unit") }
            }
            guard digits > 0, let value = Double(text), value.isFinite else {
                let word = String(String.UnicodeScalarView(scalars[start..<max(index, min(start + 1, scalars.count))]))
                throw Failure(reason: "'\(word)' is not a number or a {reference}")
            }
            unit = unit.lowercased()
            guard TokenQuantity.units.contains(unit) else {
                throw Failure(reason: "'\(text)\(unit)' has the unit '\(unit)'; expected px, rem, em or %")
            }
            return TokenQuantity(value: value, unit: unit)
        }

        static func sumUnit(_ left: TokenQuantity, _ right: TokenQuantity, _ symbol: String) throws(Failure) -> String {
            if left.unit == right.unit || right.unit.isEmpty { return left.unit }
            if left.unit.isEmpty { return right.unit }
            throw Failure(reason: "\(left.text) \(symbol) \(right.text) mixes units")
        }
    }
}
