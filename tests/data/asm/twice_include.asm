; Includes itself twice: 2^32 copies at the nesting limit. The assembler must stop at its
; limit on files read, not read for ever.
        INCLUDE "twice_include.asm"
        INCLUDE "twice_include.asm"
        NOP
