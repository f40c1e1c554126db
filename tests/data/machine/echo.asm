; echo.asm: a guest that polls the host latch and echoes every new value, like the
; placeholder module program. Idle most of the time: the idle-skip tests run it.

        ORG     0000H
        DI
        LD      SP,0E800H
        LD      B,0             ; last value seen
POLL:   IN      A,(0)           ; 11
        CP      B               ;  4
        JR      Z,POLL          ; 12 when unchanged: the idle loop is 27 T-states
        LD      B,A
        OUT     (0),A
        JR      POLL
        END
