; c7010 guest ROM: the Gambiet-style chess program for the Philips Videopac C7010 module.
; RESET starts the link, sets up a new game and announces READY; MATCH (match.asm) then
; answers the console's commands (docs/protocol.md) for ever.
; Plain Zilog syntax, accepted by our assembler and by pasmo.

ROMVER  EQU     1               ; ROM version announced in READY

; The RAM map and every constant come before the code that uses them: pasmo gives an EQU
; that refers to a later symbol a wrong value, so nothing may be used before it is defined.
        INCLUDE "ram.asm"

        ORG     0000H
RESET:  DI
        LD      SP,RAMTOP
        JP      START           ; past the RST vectors

; The RST vectors 08H-38H hold the hottest small routines (vectors.asm).
        INCLUDE "vectors.asm"

START:  CALL    LINIT
        CALL    NEWGAME
        LD      A,2             ; level 2 (beginner, about 10 s a move) until told otherwise
        LD      (LEVEL),A
        LD      HL,READYMSG
        CALL    SENDMSG
        JP      MATCH

; TRAP - a HALT that the host's test harness (src/guest/harness.rs) uses as the return
; address when it calls one routine on its own. Never reached in play.
TRAP:   HALT

READYMSG:
        DEFB    40H,2,2,ROMVER  ; READY: protocol 2, ROM version

        INCLUDE "proto.asm"
        INCLUDE "board.asm"
        INCLUDE "gen.asm"
        INCLUDE "perft.asm"
        INCLUDE "match.asm"
        INCLUDE "exchange.asm"
        INCLUDE "targets.asm"
        INCLUDE "positional.asm"
        INCLUDE "eval.asm"
        INCLUDE "node.asm"
        INCLUDE "search.asm"
; The opening book: bookplay.asm follows the game in it and plays its moves (GO); book.asm
; is its data, 172 bytes, which the reference reads from the image at label BOOK too.
        INCLUDE "bookplay.asm"
        INCLUDE "book.asm"

; Fill the rest of the 8 KB ROM with FFH (erased EPROM), so any assembler run gives the
; whole image: `c7010 asm asm/main.asm -o X.bin` and `pasmo -I asm --bin` alike. Code that
; grows past 2000H makes this count negative, which both assemblers refuse.
ROMEND:
        DS      2000H-ROMEND,0FFH
        END
