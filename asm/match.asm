; match.asm - MATCH, the module's main loop, and the command handlers of docs/protocol.md:
; NEW, SETUP, MOVE (PLAYER), GO, MOVENOW, LEVEL, TAKEBACK, PERFT, QUERY. Replies are built
; in MSGBUF (which held the command) and sent with SENDMSG; MOVOUT sends a played move and
; STATUS tells whether the game goes on.
;
; GO runs the search (search.asm), then the module ponders until the next command.
; TAKEBACK keeps the last HISTMAX plies (moves and undo records packed, HISTBUF); the console
; takes back further by SETUP of an earlier position and replaying the moves after it.

T_OK    EQU     41H             ; event types
T_ERROR EQU     42H
T_ACCPT EQU     43H
T_BEST  EQU     44H
T_OVER  EQU     46H
T_PERFT EQU     47H
T_STATE EQU     48H
T_ROOT  EQU     49H

E_ILLEG EQU     1               ; ERROR reasons
E_BADPOS EQU    2
E_NOUNDO EQU    3
E_BADMSG EQU    4
E_UNKNOWN EQU   5
E_OVER  EQU     6
E_BADARG EQU    7

BDBYTES EQU     BISHOPS+2-BOARD ; the board and every state byte, for a quick copy
UNDOTMP EQU     MSGBUF+4        ; TAKEBACK's undo record, unpacked (the command has no payload)
PLAYUND EQU     MSGBUF+13       ; PLAYMV's undo record: after the longest reply PLAYER and
                                ; CGO build around it (BESTMOVE: type, length, 11 bytes)

; ------------------------------------------------------------------------------------------
; MATCH - wait for a command, check its type and length, run its handler; for ever.
; In: -   Out: never returns.
; Destroys: everything.   Called by: RESET (jumps here).
; ------------------------------------------------------------------------------------------
MATCH:  LD      SP,RAMTOP       ; every command starts on an empty stack
        CALL    RECVMSG
        LD      A,E_BADMSG
        JR      C,MATCH2        ; garbled: bad check or too long
        LD      A,(MSGBUF)
        LD      C,A             ; C = the type (TABBYTE keeps it)
        DEC     A
        CP      9
        LD      A,E_UNKNOWN
        JR      NC,MATCH2       ; a type we do not know
        LD      A,C
        LD      HL,LENTAB-1
        CALL    TABBYTE         ; the length this command must have
        LD      HL,MSGBUF+1
        CP      (HL)
        JR      Z,MATCH1
        INC     A               ; 0FFH: GO, without (0) or with a budget (4),
        JR      NZ,MATCH3
        LD      A,(HL)
        AND     0FBH
        JR      Z,MATCH1
        LD      A,(MSGBUF+7)    ; or the long form: 6 + n bytes, n its 6th byte; a sum past
        ADD     A,6             ; 255 (n from 250 on) is refused here, a longer n than
        JR      C,MATCH3        ; DRWBYT by CGO
        CP      (HL)
        JR      NZ,MATCH3
MATCH1: LD      A,C             ; dispatch
        ADD     A,A
        LD      HL,CMDTAB-2
        CALL    TABBYTE         ; A = the handler's low byte, HL = its table entry
        INC     HL
        LD      H,(HL)
        LD      L,A
        CALL    CALLHL
        JR      MATCH
MATCH3: LD      A,E_BADMSG      ; a known command with the wrong length
MATCH2: CALL    SENDERR
        JR      MATCH

; CALLHL - CALL CALLHL calls the routine at HL. Called by: MATCH.
CALLHL: JP      (HL)

; TABBYTE (board.asm) looks up the length a command must have.

LENTAB: DEFB    0,70,3,0FFH,0,1,0,1,0 ; payload lengths of commands 1..9 (0FFH: GO)
CMDTAB: DEFW    CNEW,CSETUP,PLAYER,CGO,CMOVNOW,CLEVEL,CTAKEBK,CPERFT,CQUERY

; ------------------------------------------------------------------------------------------
; TOMAIL - wire square (0-63, a1 = 0) to mailbox square; 64 and above give 0 (no square).
; (The other way, TOWIRE, looks the square up in SQ64T: positional.asm.)
; In: A = square.   Out: A = square.   Destroys: A.   Called by: the handlers.
; ------------------------------------------------------------------------------------------
TOMAIL: CP      64
        JR      NC,TOMAI1
        PUSH    BC
        LD      B,A             ; 8 * rank + file
        AND     38H
        RRCA
        RRCA                    ; 2 * rank
        ADD     A,B
        ADD     A,21            ; 21 + 10 * rank + file
        POP     BC
        RET
TOMAI1: XOR     A
        RET

; ------------------------------------------------------------------------------------------
; STATUS - does the game go on? Builds the root list on the way.
; In: -   Out: A = 0 it goes on, 1 the side to move is mated, 2 stalemate; B = legal moves;
;         the list from MOVESTK.
; Destroys: A, B, C, D, E, H, L.   Called by: PLAYMV, PLAYER, CGO.
; ------------------------------------------------------------------------------------------
STATUS: CALL    MOVLIST
        XOR     A
        CP      B
        RET     NZ              ; A = 0: there are moves
        CALL    INCHECK
        LD      A,1
        RET     C
        INC     A
        RET

; ------------------------------------------------------------------------------------------
; PLAYMV - play a legal move in the game: MAKE, keep it in the history (the oldest ply drops
; out when it is full), then its flags for the console.
; A history entry packs the move and its undo record into HISTENT = 5 bytes (RAM is short):
;   0: from, bit 7 castling        1: to, bit 7 en passant
;   2: promotion kind (bits 0-2), captured piece's kind (bits 3-5; its colour is the side
;      to move after the move)
;   3: old castling rights (bits 0-3), old en-passant file (bits 4-6), bit 7 set when there
;      was an en-passant square (its rank follows from the mover's colour)
;   4: old half-move clock
; In: B = from, C = to, E = flags (a legal move).
; Out: D = wire flags (capture, check, promotion, castling, en passant), A = STATUS of the
;      new position (the mate / stalemate flags are MOVOUT's).
; The undo record MAKE fills is kept in PLAYUND (MSGBUF+13), clear of both replies.
; Destroys: A, B, C, D, E, H, L.   Called by: PLAYER, CGO.
; ------------------------------------------------------------------------------------------
PLAYMV: LD      A,(HISTN)
        CP      HISTMAX
        JR      C,PLAYM1
        PUSH    BC              ; full: forget the oldest ply
        PUSH    DE
        LD      HL,HISTBUF+HISTENT
        LD      DE,HISTBUF
        LD      BC,HISTENT*(HISTMAX-1)
        LDIR
        POP     DE
        POP     BC
        LD      A,HISTMAX-1
PLAYM1: LD      D,A
        INC     A
        LD      (HISTN),A
        LD      A,D
        CALL    HISTADR
        PUSH    HL              ; the history entry
        LD      HL,PLAYUND
        CALL    MAKE
        POP     HL
        LD      A,B             ; byte 0
        BIT     3,E
        JR      Z,PLAYM2
        OR      80H
PLAYM2: LD      (HL),A
        INC     HL
        LD      A,C             ; byte 1
        BIT     4,E
        JR      Z,PLAYM3
        OR      80H
PLAYM3: LD      (HL),A
        INC     HL
        LD      A,(PLAYUND)     ; byte 2
        AND     KINDS
        RRCA
        LD      D,A
        LD      A,E
        AND     F_PROMO
        OR      D
        LD      (HL),A
        INC     HL
        LD      A,(PLAYUND+2)   ; byte 3
        OR      A
        JR      Z,PLAYM5
        CALL    TOWIRE          ; its file, and bit 3 for "there was one"
        AND     07H
        OR      08H
        RLCA
        RLCA
        RLCA
        RLCA
PLAYM5: LD      D,A
        LD      A,(PLAYUND+1)
        OR      D
        LD      (HL),A
        INC     HL
        LD      A,(PLAYUND+3)   ; byte 4
        LD      (HL),A
        ; the flags
        LD      A,E             ; castling (F_CASTL, bit 3) and en passant (F_EP, bit 4)
        AND     F_CASTL+F_EP    ; are wire bits 4 and 5
        ADD     A,A
        LD      D,A
        LD      A,(PLAYUND)
        OR      A
        JR      Z,PLAYM6
        SET     0,D             ; a capture (the pawn, for en passant)
PLAYM6: LD      A,E
        AND     F_PROMO
        JR      Z,PLAYM9
        SET     3,D
PLAYM9: PUSH    DE
        CALL    INCHECK
        POP     DE
        JR      NC,PLAYMA
        SET     1,D
PLAYMA: PUSH    DE
        CALL    STATUS
        POP     DE
        RET

; HISTADR - address of a history entry. In: A = entry index 0 or 1 (HISTMAX = 2).
; Out: HL = HISTBUF + HISTENT * A.   Destroys: F, HL.   Called by: PLAYMV, CTAKEBK.
HISTADR:
        IF      HISTMAX - 2
        .ERROR  "HISTADR knows two entries only (HISTMAX = 2)"
        ENDIF
        LD      HL,HISTBUF
        OR      A
        RET     Z
        LD      HL,HISTBUF+HISTENT
        RET

; ------------------------------------------------------------------------------------------
; MOVOUT - send a played move (ACCEPTED or BESTMOVE: type and length in HL, the wire move
; and the rest already in MSGBUF+2...), with its flags; then GAMEOVER when it ended the game.
; In: MSGBUF, HL = length (high byte), type (low byte), D = flags from PLAYMV, A = STATUS
;     after the move.   Out: -
; Destroys: A, B, C, D, E, HL.   Called by: PLAYER, CGO.
; ------------------------------------------------------------------------------------------
MOVOUT: LD      (MSGBUF),HL
        LD      E,A
        DEC     A
        JR      NZ,MOVOU1
        SET     2,D             ; mate
MOVOU1: DEC     A
        JR      NZ,MOVOU2
        SET     6,D             ; stalemate
MOVOU2: LD      A,D
        LD      (MSGBUF+5),A
        PUSH    DE
        CALL    SENDBUF
        POP     DE
        LD      A,E
        OR      A
        RET     Z
        LD      (MSGBUF+2),A    ; GAMEOVER: 1 checkmate, 2 stalemate
        LD      HL,1*256+T_OVER
        JR      SENDRPL

; ------------------------------------------------------------------------------------------
; CNEW - NEW: the initial position, history cleared.  -> OK
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CNEW:   CALL    NEWGAME
        JR      SENDOK

; ------------------------------------------------------------------------------------------
; CMOVNOW - MOVENOW outside a search: nothing to stop, no answer.
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CMOVNOW:
        RET

; ------------------------------------------------------------------------------------------
; CLEVEL - LEVEL n: 1-6 -> LEVEL, OK; anything else -> ERROR BAD_ARGUMENT.
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CLEVEL: LD      A,(MSGBUF+2)
        DEC     A
        CP      6
        JR      NC,CBADARG
        INC     A
        LD      (LEVEL),A
        JR      SENDOK

; ------------------------------------------------------------------------------------------
; CPERFT - PERFT depth: 0..PFTMAX -> PERFT depth, leaf count; deeper -> ERROR BAD_ARGUMENT
; (the stack holds PFTMAX plies). Cannot be interrupted.
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CPERFT: LD      A,(MSGBUF+2)
        CP      PFTMAX+1
        JR      NC,CBADARG
        CALL    PFTRUN
        LD      HL,PFTCNT       ; payload: depth (still in MSGBUF+2), count
        LD      DE,MSGBUF+3
        LD      BC,4
        LDIR
        LD      HL,5*256+T_PERFT
        JR      SENDRPL
CBADARG:                        ; CLEVEL's, CPERFT's and CGO's refusal
        LD      A,E_BADARG
        JR      SENDERR

; ------------------------------------------------------------------------------------------
; SENDOK - answer OK for the command in MSGBUF.   SENDERR - answer ERROR with reason A.
; SENDRPL - send MSGBUF's payload with type and length HL.   SENDBUF - send MSGBUF as it is.
; In: MSGBUF = the command (its type byte is read); A = reason (SENDERR); HL (SENDRPL).
; Out: -   Destroys: A, B, C, D, E, HL.   Called by: the handlers, MATCH, SENDINF (search).
; ------------------------------------------------------------------------------------------
SENDOK: LD      HL,1*256+T_OK
        JR      SENDOE
SENDERR:
        LD      (MSGBUF+3),A
        LD      HL,2*256+T_ERROR
SENDOE: LD      A,(MSGBUF)      ; both carry the command's type first
        LD      (MSGBUF+2),A
SENDRPL:
        LD      (MSGBUF),HL     ; HL = length (high byte), type (low byte)
SENDBUF:
        LD      HL,MSGBUF
        JP      SENDMSG

; ------------------------------------------------------------------------------------------
; PLAYER - MOVE: the console's move. Refused with GAME_OVER when the side to move has no
; legal move, with ILLEGAL_MOVE when it is not among the legal moves (the promotion piece
; must match: 0 for a move that does not promote). Else played: ACCEPTED, maybe GAMEOVER.
; In: MSGBUF = MOVE from, to, promo.   Out: -
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
PLAYER: CALL    MOVLIST
        LD      A,B
        LD      (MSGBUF+5),A    ; the number of legal moves (MOVOUT writes this byte later)
        OR      A
        LD      A,E_OVER
        JR      Z,SENDERR
        LD      HL,MSGBUF+2     ; from, to, promotion
        LD      A,(HL)
        CALL    TOMAIL
        LD      D,A
        INC     HL
        LD      A,(HL)
        CALL    TOMAIL
        LD      E,A
        INC     HL
        LD      C,(HL)
        LD      HL,MOVESTK
        CALL    FINDMV
        LD      A,E_ILLEG
        JR      NZ,SENDERR
        LD      A,(MSGBUF+5)    ; found: HL = entry + 2; its index = moves - B
        SUB     B
        CALL    BKPLAY
        LD      E,(HL)
        DEC     HL
        LD      C,(HL)
        DEC     HL
        LD      B,(HL)
        CALL    PLAYMV
        LD      HL,4*256+T_ACCPT
        JP      MOVOUT          ; the wire move is still in MSGBUF+2..4

; ------------------------------------------------------------------------------------------
; CGO - GO [budget [flags n draw-bitmap]]: the search (GOSRCH, search.asm) with the payload's
; budget or the level's, in which the root moves listed as draws score 0 (DRWFIX, node.asm);
; INFO after every pass; BESTMOVE move, flags, score, positions, passes; the move is
; played; maybe GAMEOVER. While the game is in the opening book, GO plays the book's move
; instead (BKGO, bookplay.asm; BESTMOVE flag bit 7). A command that arrives meanwhile stops the
; search (MOVENOW is then taken as any command: outside a search it does nothing). Then the
; module thinks on the opponent's time (PONDER) until the next command.
; GAME_OVER when there is no legal move, else BAD_ARGUMENT for a flag above bit 0 or n
; above DRWBYT (MATCH has checked the length).
; In: MSGBUF = the command.   Out: its answer sent; GOFLAGS, DRAWLST.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CGO:    CALL    MOVLIST
        LD      A,B
        OR      A
        LD      A,E_OVER
        JR      Z,SENDERR
        LD      HL,MSGBUF+6     ; flags, n, the moves: out of EXCH's way
        LD      A,(MSGBUF+1)
        CP      6
        JR      NC,CGO1
        LD      HL,LEVELS+2     ; the short forms: two zero bytes (no flags, no draw moves)
CGO1:   LD      DE,GOFLAGS      ; (DRAWLST follows)
        LD      BC,DRWBYT+2
        LDIR
        LD      HL,(GOFLAGS)    ; L = flags, H = n
        LD      A,L
        CP      2
        JR      NC,CBADARG
        LD      A,H
        CP      DRWBYT+1
        JP      NC,CBADARG
        LD      HL,MSGBUF+2
        LD      A,(MSGBUF+1)
        OR      A
        CALL    NZ,BUDSET       ; GO with a budget: the payload's
        CALL    Z,LVLBUD        ; GO alone: the level's (BUDSET's LDIR keeps Z)
        CALL    BKGO
        LD      HL,BESTMV       ; BESTMOVE: move, flags, score, positions, passes
        LD      DE,MSGBUF+2
        CALL    WIREMV
        INC     DE              ; MSGBUF+5 is the flags byte (MOVOUT fills it)
        CALL    SCOPOS          ; score, positions
        LD      A,(PASSES)
        LD      (DE),A
        LD      HL,BESTMV
        LD      B,(HL)
        INC     HL
        LD      C,(HL)
        INC     HL
        LD      E,(HL)
        CALL    PLAYMV
        LD      HL,SRFLAGS      ; a book move: flag bit 7 (A = STATUS is kept)
        BIT     FBOOK,(HL)
        JR      Z,CGO3
        SET     7,D
CGO3:   LD      HL,11*256+T_BEST
        PUSH    AF
        CALL    MOVOUT
        POP     AF
        OR      A
        RET     NZ              ; the game is over: nothing to ponder
        JP      PONDER

; ------------------------------------------------------------------------------------------
; CTAKEBK - TAKEBACK: undo the last ply of the history. -> OK, or ERROR NOTHING_TO_UNDO.
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CTAKEBK:
        LD      HL,HISTN
        LD      A,(HL)
        OR      A
        LD      A,E_NOUNDO
        JP      Z,SENDERR
        DEC     (HL)
        LD      A,(HL)
        CALL    HISTADR         ; unpack the entry (PLAYMV has the layout)
        LD      A,(HL)
        AND     7FH
        LD      B,A             ; from
        XOR     (HL)            ; bit 7 alone: castling
        RRCA
        RRCA
        RRCA
        RRCA
        LD      E,A             ; F_CASTL (08H) or 0
        INC     HL
        LD      A,(HL)
        AND     7FH
        LD      C,A             ; to
        XOR     (HL)            ; bit 7 alone: en passant
        RRCA
        RRCA
        RRCA
        OR      E
        LD      E,A             ; F_EP (10H) added
        INC     HL
        LD      A,(HL)
        LD      D,A             ; kinds: promotion, captured
        AND     F_PROMO
        OR      E
        LD      E,A             ; the move's flags
        INC     HL
        LD      A,(HL)
        AND     0FH
        LD      (UNDOTMP+1),A   ; old castling rights
        LD      A,(HL)
        RRCA
        RRCA
        RRCA
        RRCA
        AND     0FH             ; 8 + its file, or 0 when there was none
        JR      Z,TAKEB5
        ADD     A,41-8          ; black moved: rank 3 (the rank follows from the mover)
        PUSH    HL
        LD      HL,SIDE
        BIT     7,(HL)
        POP     HL
        JR      Z,TAKEB5
        ADD     A,30            ; white moved: rank 6
TAKEB5: LD      (UNDOTMP+2),A   ; old en-passant square
        INC     HL
        LD      A,(HL)
        LD      (UNDOTMP+3),A   ; old half-move clock
        LD      A,D             ; the captured piece: its kind, the side to move's colour
        AND     38H
        JR      Z,TAKEB6
        RRCA
        RRCA
        RRCA
        CALL    KINDCODE
        LD      HL,SIDE
        OR      (HL)
TAKEB6: LD      (UNDOTMP),A
        LD      HL,UNDOTMP
        CALL    UNMAKE
OFFBOOK:
        CALL    BKOFF           ; the book does not know where the game came from
        JP      SENDOK

; ------------------------------------------------------------------------------------------
; CQUERY - QUERY -> STATE: the position as a SETUP payload, then status (bit 0: the side to
; move is in check) and the level.
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CQUERY: LD      DE,MSGBUF+2
        LD      C,0             ; wire square
CQUER1: LD      A,C
        CALL    TOMAIL
        ADD     A,BRDLO
        LD      L,A
        LD      H,BRDHI
        LD      A,(HL)
        OR      A
        JR      Z,CQUER2
        LD      B,A             ; piece code -> wire: kind, plus 8 for black
        AND     KINDS
        RRCA
        RRCA
        RRCA
        RRCA
        BIT     7,B
        JR      Z,CQUER2
        OR      08H
CQUER2: LD      (DE),A
        INC     DE
        INC     C
        LD      A,C
        CP      64
        JR      C,CQUER1
        LD      HL,SIDE         ; SIDE, CASTLE, EPSQ, HALFMV, FULLMV follow each other
        LD      A,(HL)
        RLCA                    ; 80H -> 1
        LD      (DE),A
        INC     DE
        INC     HL
        LDI                     ; castling
        LD      A,(HL)
        SUB     1
        JR      C,CQUER3        ; no en-passant square: 0FFH
        INC     A
        CALL    TOWIRE
CQUER3: LD      (DE),A
        INC     DE
        INC     HL
        LDI                     ; half-move clock
        LDI                     ; full-move number
        LDI
        EX      DE,HL
        PUSH    HL
        CALL    INCHECK
        POP     HL
        SBC     A,A
        AND     1
        LD      (HL),A          ; status: in check
        INC     HL
        LD      A,(LEVEL)
        LD      (HL),A
        LD      HL,72*256+T_STATE
        JP      SENDRPL

; ------------------------------------------------------------------------------------------
; CSETUP - SETUP: check the position, then take it. Refused with BAD_POSITION (and the old
; position kept) for: a wire piece code that is not 0, 1-6 or 9-14; a pawn on rank 1 or 8;
; not exactly one king of each colour; more pawns and pieces beyond the initial set than 8
; (SETMAT: the material rule of src/reference/validate.rs); side not 0 or 1; castling bits
; above 0FH or a right whose king and rook are not on their home squares; an en-passant
; square that is not 0FFH or a square on rank 6 (white to move) / rank 3 (black to move);
; the side not to move in check. History cleared.   -> OK
; In: MSGBUF = the command.   Out: its answer sent.
; Destroys: everything but IY.   Called by: MATCH.
; ------------------------------------------------------------------------------------------
CSETUP: CALL    SETSCAN
        JR      NZ,CSETBAD
        LD      HL,SETCNT+1     ; white's counts (wire codes 1-7)
        CALL    SETMAT
        JR      NZ,CSETBAD
        LD      HL,SETCNT+9     ; black's (9-15)
        CALL    SETMAT
        JR      NZ,CSETBAD
        LD      A,(MSGBUF+66)   ; side
        CP      2
        JR      NC,CSETBAD
        LD      A,(MSGBUF+67)   ; castling
        CP      16
        JR      NC,CSETBAD
        LD      C,A             ; each right given needs its king and rook at home
        LD      HL,CASTTAB
        LD      D,MSGBUF/256    ; the payload is in one page
CSETC1: LD      B,2             ; the king, then the rook
CSETC2: LD      E,(HL)          ; the square's byte in the payload, then the piece it needs
        INC     HL
        LD      A,(DE)
        CP      (HL)
        INC     HL
        JR      Z,CSETC3
        BIT     0,C
        JR      NZ,CSETBAD      ; the right is given, the piece is not at home
CSETC3: DJNZ    CSETC2
        SRL     C               ; the next right; none left to check when C is 0
        JR      NZ,CSETC1
        LD      A,(MSGBUF+68)   ; en passant
        INC     A               ; 0FFH: none
        JR      Z,CSETU4
        LD      E,40            ; white to move: rank 6
        LD      A,(MSGBUF+66)
        OR      A
        JR      Z,CSETU5
        LD      E,16            ; black to move: rank 3
CSETU5: LD      A,(MSGBUF+68)
        SUB     E
        CP      8
        JR      C,CSETU4
CSETBAD:
        LD      A,E_BADPOS
        JP      SENDERR

; CASTTAB - per castling right (K, Q, k, q: bits 0-3 of SETUP's castling byte), the payload
; bytes (low address) and wire piece codes of its king and its rook at home.
CASTTAB:
        DEFB    (MSGBUF+2+4) MOD 256,6,(MSGBUF+2+7) MOD 256,4           ; K: Ke1, Rh1
        DEFB    (MSGBUF+2+4) MOD 256,6,(MSGBUF+2+0) MOD 256,4           ; Q: Ke1, Ra1
        DEFB    (MSGBUF+2+60) MOD 256,14,(MSGBUF+2+63) MOD 256,12       ; k: Ke8, Rh8
        DEFB    (MSGBUF+2+60) MOD 256,14,(MSGBUF+2+56) MOD 256,12       ; q: Ke8, Ra8
        ; keep the old position in the (idle) move stack, then build the new one
CSETU4: LD      HL,BOARD
        LD      DE,MOVESTK
        LD      BC,BDBYTES
        LDIR
        CALL    CLEARBD
        LD      HL,MSGBUF+2
        LD      C,0
CSETU6: LD      A,(HL)
        OR      A
        JR      Z,CSETU8
        PUSH    HL
        PUSH    BC
        LD      B,A
        AND     07H
        CALL    KINDCODE
        BIT     3,B
        JR      Z,CSETU7
        OR      BLACK
CSETU7: LD      D,A             ; D = piece code
        LD      A,C
        CALL    TOMAIL
        LD      E,A             ; E = mailbox square
        ADD     A,BRDLO
        LD      L,A
        LD      H,BRDHI
        LD      (HL),D
        LD      A,D
        LD      HL,WKING
        CP      KING
        JR      Z,CSETU9
        INC     HL
        CP      KING+BLACK
        JR      NZ,CSETUA
CSETU9: LD      (HL),E
CSETUA: CALL    MATPUT          ; A = D = the piece
        POP     BC
        POP     HL
CSETU8: INC     HL
        INC     C
        LD      A,C
        CP      64
        JR      C,CSETU6
        LD      HL,MSGBUF+66    ; side, castling, ep, clocks: as SIDE .. FULLMV
        LD      DE,SIDE
        LD      A,(HL)
        RRCA                    ; 1 -> 80H
        LD      (DE),A
        INC     HL
        INC     DE
        LDI                     ; castling
        LD      A,(HL)
        CALL    TOMAIL          ; 0FFH -> 0: no en-passant square
        LD      (DE),A
        INC     HL
        INC     DE
        LDI                     ; half-move clock
        LDI                     ; full-move number
        LDI
        CALL    LEFTINCHECK     ; the side not to move may not be in check
        JR      NC,CSETUB
        LD      HL,MOVESTK      ; refused: the old position comes back
        LD      DE,BOARD
        LD      BC,BDBYTES
        LDIR
        JP      CSETBAD
CSETUB: XOR     A
        LD      (HISTN),A
        JP      OFFBOOK         ; a set-up position is not in the book either

; ------------------------------------------------------------------------------------------
; SETSCAN - SETUP's 64 squares: each code empty or a piece, no pawn on rank 1 or 8; the
; pieces counted by wire code in SETCNT, from minus the initial set (CNTINIT) up; a bishop
; on a light square (file + rank odd) counts at its code + 4 (7 or 15, codes no piece has),
; as a side may keep one bishop of each square colour without a promotion.
; In: MSGBUF = the SETUP command.   Out: Z when every square is fine; SETCNT.
; Destroys: A, BC, DE, HL.   Called by: CSETUP.
; ------------------------------------------------------------------------------------------
SETSCAN:
        LD      HL,CNTINIT
        LD      DE,SETCNT
        LD      BC,16
        LDIR
        LD      HL,MSGBUF+2
        LD      D,0             ; wire square
SETSC1: LD      A,(HL)
        OR      A
        JR      Z,SETSC4
        CP      15
        JR      NC,SETSCX
        LD      E,A             ; E = the code, the count's index
        AND     07H
        JR      Z,SETSCX        ; 8: colour without a piece
        CP      7
        JR      Z,SETSCX
        CP      3
        JR      NZ,SETSC2       ; not a bishop
        LD      A,D             ; bit 0 of rank XOR file: a light square
        RRCA
        RRCA
        RRCA
        XOR     D
        RRA
        JR      NC,SETSC3
        SET     2,E             ; 3 -> 7, 11 -> 15
        JR      SETSC3
SETSC2: DEC     A
        JR      NZ,SETSC3       ; not a pawn
        LD      A,D
        SUB     8
        CP      48
        JR      NC,SETSCX       ; a pawn outside ranks 2-7
SETSC3: PUSH    HL
        LD      HL,SETCNT
        LD      A,L
        ADD     A,E             ; SETCNT lies in one page (ram.asm)
        LD      L,A
        INC     (HL)
        POP     HL
SETSC4: INC     HL
        INC     D
        BIT     6,D             ; 64: done
        JR      Z,SETSC1
        XOR     A               ; Z: fine
        RET
SETSCX: OR      1               ; NZ: refused
        RET

; CNTINIT - minus the initial set per wire code: pawns 0, knights 2, dark bishops 1 (code 3),
; rooks 2, queen 1, king 1, light bishops 1 (code 7); white 0-7, black 8-15.
CNTINIT:
        DEFB    0,0,0FEH,0FFH,0FEH,0FFH,0FFH,0FFH
        DEFB    0,0,0FEH,0FFH,0FEH,0FFH,0FFH,0FFH

; ------------------------------------------------------------------------------------------
; SETMAT - one colour's material from SETSCAN's counts: exactly one king, and its pawns plus
; its pieces beyond the initial set (the counts above 0) at most 8: each such piece needs a
; promotion, and each promotion a pawn that is gone. This also keeps a side to 8 pawns and
; 16 pieces, 15 of them not the king: what EXCH's candidate lists hold (ram.asm).
; In: HL = the colour's counts of codes 1-7 (SETCNT+1 white, SETCNT+9 black).
; Out: Z when the material is possible.   Destroys: A, BC, HL.   Called by: CSETUP.
; ------------------------------------------------------------------------------------------
SETMAT: LD      BC,7*256        ; B: codes 1-7; C: pawns and pieces beyond the initial set
SETMA1: LD      A,(HL)
        INC     HL
        OR      A
        JP      M,SETMA2        ; fewer than the initial set
        ADD     A,C
        LD      C,A
SETMA2: DJNZ    SETMA1
        DEC     HL
        DEC     HL
        LD      A,(HL)          ; kings - 1 (code 6, counted in C too: 0 when right)
        OR      A
        RET     NZ
        LD      A,C
        CP      9               ; carry: at most 8
        SBC     A,A             ; 0FFH when at most 8, else 0
        INC     A               ; Z when at most 8
        RET
