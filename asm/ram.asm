; ram.asm - the module's 2 KB of RAM, 0E000H-0E7FFH: every variable and buffer, in one place.
; The stack grows down from the top (0E800H). docs/engine.md has the whole RAM plan.

RAMBASE EQU     0E000H          ; first byte of RAM
RAMTOP  EQU     0E800H          ; one past the last byte: the initial stack pointer

; --- latch link (proto.asm) ---------------------------------------------------------------
LNKTX   EQU     RAMBASE+0       ; SEQ of the last unit we sent, as bit 7 (80H or 00H)
LNKRX   EQU     RAMBASE+1       ; SEQ of the last unit we received, as bit 7 (80H or 00H)
LNKOUT  EQU     RAMBASE+2       ; the value our latch holds now
MSGMAX  EQU     78              ; longest payload a message may carry (SETUP/STATE need 72)
MSGBUF  EQU     RAMBASE+3       ; one message: type, length, payload (MSGMAX bytes)
MSGEND  EQU     MSGBUF+2+MSGMAX ; first byte after the message buffer
