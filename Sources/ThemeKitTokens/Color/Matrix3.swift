/// A 3×3 matrix for colour-space conversions (row-major).
struct Matrix3: Sendable {
    var rows: [[Double]]

    init(_ rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "Matrix3 needs 3 rows of 3")
        self.rows = rows
    }

    /// The matrix applied to a column vector.
    func apply(_ vector: (Double, Double, Double)) -> (Double, Double, Double) {
        func row(_ index: Int) -> Double {
            rows[index][0] * vector.0 + rows[index][1] * vector.1 + rows[index][2] * vector.2
        }
        return (row(0), row(1), row(2))
    }

    /// The matrix product `self × other`.
    func multiplied(by other: Matrix3) -> Matrix3 {
        Matrix3(
            (0..<3).map { row in
                (0..<3).map { column in (0..<3).reduce(0) { $0 + rows[row][$1] * other.rows[$1][column] } }
            })
    }

    /// The inverse by cofactors. Only used on the fixed, well-conditioned colour matrices in this module.
    var inverse: Matrix3 {
        let m = rows
        func cofactor(_ row: Int, _ column: Int) -> Double {
            let r0 = (row + 1) % 3
            let r1 = (row + 2) % 3
            let c0 = (column + 1) % 3
            let c1 = (column + 2) % 3
            return m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        }
        let determinant = m[0][0] * cofactor(0, 0) + m[0][1] * cofactor(0, 1) + m[0][2] * cofactor(0, 2)
        return Matrix3((0..<3).map { row in (0..<3).map { column in cofactor(column, row) / determinant } })
    }
}
