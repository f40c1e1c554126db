; c7010 guest ROM: the Gambiet-style chess program for the Philips Videopac C7010 module.
; Placeholder until the guest issue lands: it echoes every byte the console writes.
; Plain Zilog syntax, accepted by our assembler and by pasmo.

        ORG     0000H
RESET:  DI
        LD      SP,0E800H       ; top of the 2 KB RAM
        LD      B,0             ; last byte seen from the host
ECHO:   IN      A,(0)           ; the host-to-module latch
        CP      B
        JR      Z,ECHO
        LD      B,A
        OUT     (0),A           ; the module-to-host latch
        JR      ECHO
        END
