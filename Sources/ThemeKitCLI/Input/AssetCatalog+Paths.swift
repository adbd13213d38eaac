import ThemeKitTokens

extension AssetCatalogError {
    /// The file or folder the error is about, if it names one.
    var filePath: String? {
        switch self {
        case .readFailed(let path, _), .writeFailed(let path, _), .invalidJSON(let path, _), .missingValue(let path, _),
            .wrongType(let path, _, _, _), .invalidComponent(let path, _, _, _):
            path
        case .invalidColorSetName: nil
        }
    }
}

extension AssetCatalogWarning {
    /// The file the warning is about, if it names one.
    var filePath: String? {
        switch self {
        case .systemColorReference(let path, _, _), .unsupportedColorSpace(let path, _, _),
            .unsupportedIdiom(let path, _, _), .unsupportedAppearance(let path, _, _, _),
            .unsupportedQualifier(let path, _, _, _), .duplicateAppearance(let path, _, _), .clampedToSRGB(let path, _),
            .missingAnyAppearance(let path), .duplicateKey(let path, _, _), .linkOutsideCatalog(let path, _),
            .moreWarnings(let path, _):
            path
        case .duplicateColorSetName(_, _, let ignoredPath): ignoredPath
        case .customStylesNotWritten: nil
        }
    }

    /// The JSON path inside the file, if the warning is about one entry.
    var jsonPath: String? {
        switch self {
        case .systemColorReference(_, let jsonPath, _), .unsupportedColorSpace(_, let jsonPath, _),
            .unsupportedIdiom(_, let jsonPath, _), .unsupportedAppearance(_, let jsonPath, _, _),
            .unsupportedQualifier(_, let jsonPath, _, _), .duplicateAppearance(_, let jsonPath, _),
            .clampedToSRGB(_, let jsonPath), .duplicateKey(_, let jsonPath, _):
            jsonPath
        case .missingAnyAppearance, .duplicateColorSetName, .customStylesNotWritten, .linkOutsideCatalog,
            .moreWarnings:
            nil
        }
    }
}
