; proto.asm - the module side of the latch protocol (docs/protocol.md).
;
; Units: every byte the module writes to its latch is SEQ (bit 7), ACK (bit 6) and a 6-bit
; payload: 00H-0FH a data nibble, 20H start of message (SOM), 3FH SYNC. The alternating-bit
; handshake means a unit stays in the latch until the console has taken it, so no unit is
; lost or doubled however slowly either side polls.
; Messages: SOM, then TYPE, LEN, LEN payload bytes and CHECK (their sum), as nibbles.
; The port number is irrelevant on the C7010 (the low address byte is not decoded); we use 0.

LATCH   EQU     0               ; any port reaches the latches
SOM     EQU     20H             ; payload code: start of message
SYNC    EQU     3FH             ; payload code: idle / abandon a partial message
IDLE    EQU     0FFH            ; SEQ=1, ACK=1, SYNC: the start-up latch value

; ------------------------------------------------------------------------------------------
; LINIT - put the link in its start-up state and show the console we are alive.
; In: -   Out: our latch = IDLE, LNKTX = LNKRX = 80H (both sequence bits 1)
; Destroys: A, HL.
; Called by: RESET.
; ------------------------------------------------------------------------------------------
LINIT:  LD      HL,8080H        ; both sequence bits 1: the console's first unit is new,
        LD      (LNKTX),HL      ; and so is ours: one word, as LNKRX follows LNKTX
        LD      A,IDLE
        LD      (LNKOUT),A
        OUT     (LATCH),A
        RET

; ------------------------------------------------------------------------------------------
; LPEEK - is a unit from the console waiting? Does not take it.
; In: -   Out: NZ when a new unit waits, Z when not.
; Destroys: A, B.   Called by: the search (to stop thinking at once), LRECV; NODEHK
; (node.asm) has it inline.
; ------------------------------------------------------------------------------------------
LPEEK:  IN      A,(LATCH)
        AND     80H             ; the console's SEQ
        LD      B,A
        LD      A,(LNKRX)
        XOR     B               ; differs from the last SEQ we took: a new unit
        RET

; ------------------------------------------------------------------------------------------
; LRECV - wait for the next unit from the console, take it and acknowledge it.
; LPEEK tells when one waits; the latch is then read again for the payload, which is safe:
; the console writes its next unit only after our ACK of this one (the alternating bit),
; so both reads see the same unit. The payload is kept before the ACK goes out, as the
; console may put the next unit in its latch at once.
; In: -   Out: A = payload (00H-3FH).
; Destroys: A, B, C.   Called by: RECVBYTE, RECVMSG.
; ------------------------------------------------------------------------------------------
LRECV:  CALL    LPEEK           ; B = the console's SEQ
        JR      Z,LRECV         ; same SEQ as last time: nothing new yet
        IN      A,(LATCH)       ; the same unit (it stays until we ACK it), whole:
        LD      C,A             ; its payload is wanted below
        LD      A,B
        LD      (LNKRX),A
        RRCA                    ; SEQ 80H -> ACK 40H
        LD      B,A
        LD      A,(LNKOUT)
        AND     0BFH            ; keep our SEQ and payload: only the ACK changes
        OR      B
        LD      (LNKOUT),A
        OUT     (LATCH),A
        LD      A,C
        AND     3FH
        RET

; ------------------------------------------------------------------------------------------
; SENDBYTE - send one byte as two nibble units, high nibble first.
; In: A = byte.   Out: -
; Destroys: A, B, E.   Called by: SENDMSG.
; ------------------------------------------------------------------------------------------
SENDBYTE:
        PUSH    AF
        RRCA
        RRCA
        RRCA
        RRCA
        AND     0FH
        CALL    LSEND
        POP     AF
        AND     0FH
        ; fall into LSEND

; ------------------------------------------------------------------------------------------
; LSEND - send one unit: wait until the console acknowledged our last one, then write it.
; In: A = payload (00H-3FH).   Out: -
; Destroys: A, B, E.   Called by: SENDBYTE (also falls in), SENDMSG.
; ------------------------------------------------------------------------------------------
LSEND:  LD      E,A
LSEND1: IN      A,(LATCH)
        RLCA                    ; the console's ACK, bit 6 -> bit 7
        AND     80H
        LD      B,A
        LD      A,(LNKTX)
        CP      B
        JR      NZ,LSEND1       ; our last unit is still in the latch, untaken
        XOR     80H             ; a new unit: flip our SEQ
        LD      (LNKTX),A
        LD      B,A
        LD      A,(LNKRX)
        RRCA                    ; our ACK stays what it was
        OR      B
        OR      E
        LD      (LNKOUT),A
        OUT     (LATCH),A
        RET

; ------------------------------------------------------------------------------------------
; SENDMSG - send the message at HL: type, length, payload; the check byte is computed here.
; In: HL = message (length at most MSGMAX).   Out: -
; Destroys: A, B, C, D, E, HL.   Called by: the command handlers (match.asm).
; ------------------------------------------------------------------------------------------
SENDMSG:
        LD      A,SOM
        CALL    LSEND
        INC     HL
        LD      A,(HL)          ; length
        DEC     HL
        ADD     A,2             ; type and length go out too
        LD      C,A
        LD      D,0             ; the running check byte
SENDM1: LD      A,(HL)
        ADD     A,D
        LD      D,A
        LD      A,(HL)
        CALL    SENDBYTE        ; (HL kept)
        INC     HL
        DEC     C
        JR      NZ,SENDM1
        LD      A,D
        JR      SENDBYTE

; ------------------------------------------------------------------------------------------
; RECVBYTE - receive one byte as two nibble units.
; In: -   Out: NC and A = byte; or C set when a non-nibble unit broke in, A = that unit.
; Destroys: A, B, C, E.   Called by: RECVMSG.
; ------------------------------------------------------------------------------------------
RECVBYTE:
        CALL    LRECV
        CP      10H
        CCF
        RET     C               ; SOM, SYNC or reserved: the message is broken
        RLCA
        RLCA
        RLCA
        RLCA
        LD      E,A
        CALL    LRECV
        CP      10H
        CCF
        RET     C
        OR      E               ; NC from the OR
        RET

; ------------------------------------------------------------------------------------------
; RECVMSG - wait for a whole message from the console and put it in MSGBUF.
; In: -   Out: NC: MSGBUF = type, length, payload.  C: the message was garbled (bad check
;         or too long); the caller answers ERROR BAD_MESSAGE.
; Units outside a message are ignored; SOM restarts a message; SYNC or a reserved code
; abandons it.
; Destroys: A, B, C, D, E, HL.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
RECVMSG:
        CALL    LRECV
RECVM0: CP      SOM
        JR      NZ,RECVMSG      ; wait for the start of a message
        LD      HL,MSGBUF
        CALL    RECVBYTE        ; type
        JR      C,RECVM0
        LD      (HL),A
        LD      D,A             ; the running check byte
        INC     HL
        CALL    RECVBYTE        ; length
        JR      C,RECVM0
        LD      (HL),A
        CP      MSGMAX+1
        CCF
        RET     C               ; longer than any command: refuse it
        LD      C,A             ; C = the payload bytes to come
        ADD     A,D
        LD      D,A
        INC     HL
        INC     C
        DEC     C
        JR      Z,RECVM2        ; no payload
RECVM1: PUSH    BC
        CALL    RECVBYTE
        POP     BC
        JR      C,RECVM0
        LD      (HL),A
        ADD     A,D
        LD      D,A
        INC     HL
        DEC     C
        JR      NZ,RECVM1
RECVM2: CALL    RECVBYTE        ; check
        JR      C,RECVM0
        CP      D
        RET     Z               ; Z, and NC from the CP: a good message
        SCF
        RET
