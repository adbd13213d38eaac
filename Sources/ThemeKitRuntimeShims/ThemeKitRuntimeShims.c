// Everything is in the header (static inline wrappers); SwiftPM needs one source file.
#include "ThemeKitRuntimeShims.h"
