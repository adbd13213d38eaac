// Token code is always used together with the runtime it feeds.
@_exported import ThemeKit
