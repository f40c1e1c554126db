; Includes itself: the assembler must stop with an error, not recurse forever.
        INCLUDE "self_include.asm"
