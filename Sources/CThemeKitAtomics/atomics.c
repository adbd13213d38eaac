#include "CThemeKitAtomics.h"

#include <stdlib.h>

void *tk_atomic_word_create(intptr_t value) {
    _Atomic(intptr_t) *word = malloc(sizeof *word);
    if (word != NULL) {
        atomic_init(word, value);
    }
    return word;
}

void tk_atomic_word_destroy(void *word) {
    free(word);
}
