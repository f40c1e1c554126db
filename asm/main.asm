; c7010 guest ROM: the Gambiet-style chess program for the Philips Videopac C7010 module.
; Until the engine lands this ROM speaks the latch protocol (docs/protocol.md) and answers
; every message it receives with an OK event carrying the message's type.
; Plain Zilog syntax, accepted by our assembler and by pasmo.

        ORG     0000H
RESET:  DI
        LD      SP,RAMTOP
        CALL    LINIT
        LD      HL,READYMSG
        CALL    SENDMSG
MAIN:   CALL    RECVMSG
        LD      A,(MSGBUF)
        LD      HL,MSGBUF+2
        LD      (HL),A          ; payload: the command type answered
        LD      HL,MSGBUF
        LD      (HL),41H        ; OK
        INC     HL
        LD      (HL),1
        DEC     HL
        CALL    SENDMSG
        JR      MAIN

; TRAP - a HALT that the host's test harness (src/guest/harness.rs) uses as the return
; address when it calls one routine on its own. Never reached in play.
TRAP:   HALT

READYMSG:
        DEFB    40H,2,1,0       ; READY: protocol 1, ROM 0

        INCLUDE "proto.asm"
        INCLUDE "exchange.asm"
        INCLUDE "positional.asm"
        INCLUDE "ram.asm"
        END
