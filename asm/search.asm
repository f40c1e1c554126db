; search.asm - SEARCH, the Gambiet way, ported from src/reference/search/ (think, pass,
; select, exmove, takeback, child_done), bit-exact with it. (The book: bookplay.asm.)
;
;   ANALYS : once per move (the original's name): positional tables, root positional sum, the root list by
;            GEN + EVAL, then the passes 3, 4, 5, ... 11 (NEXPAS) while the budget lasts.
;   PASS   : one pass: DEPTH -> EXMOVE -> NODE -> ... -> CLIMB, one explicit loop over the
;            ply records PLYTAB (no recursion: the stack stays flat).
;   DEPTH  : pick the next move of a node: the last pass's line first (LINE), then by key,
;            forward pruning (checks exempt).
;   EXMOVE : make the chosen move, positional sum of the new node.
;   NODE   : GEN + EVAL at the new node (inside PASS; the list or only the best minimum).
;   CLIMB  : take the move back, its final evaluation = -value(child), the PV, alpha-beta.
;            A root move GO listed as a draw (marked by DRWFIX, node.asm) is not made: its
;            value is 0 and its PV the move alone.
;   GOSRCH : the GO command's search: ANALYS with INFO lines, stopped by a waiting command.
;   PONDER : think on the opponent's time and throw it away.
;
; Data (asm/ram.asm, docs/engine.md): ply record 16 bytes, move-stack entry 7 bytes, PV as a
; triangle in PVTAB (row n holds 8-n moves), PVLEN per ply. Scores are i16, NONE = 8000H
; means "no final evaluation yet" (i16::MIN, below every score).
;
; What search.asm needs from the other modules (their headers are the contract):
;   GENEVAL (node.asm)  GEN with EVALKID (eval.asm) behind its hook at the node of ply PLYN,
;                       whose positional sum (white view) is in its PLYTAB record.
;                       In: A = 0: evaluate only, non-zero: also store the legal moves on
;                       the move stack from MSTOP (MSTOP advances; at most MSCAP entries).
;                       Out: B = legal moves, DE = best minimum evaluation (8000H when none),
;                       carry set when a move did not fit on the move stack. POSCNT counts
;                       every legal move evaluated.
;   MAKE, UNMAKE (board.asm)  In: B = from, C = to, E = flags, HL = 4-byte undo record.
;   INCHECK (board.asm)       Out: carry set when the side to move is in check.
;   POSANA (positional.asm)   build the positional tables for the root (ANALYS).
;   TOTAL (positional.asm)    Out: HL = positional sum of the board (white view).
;   DELTA (positional.asm)    In: D = from, E = to, C = flags (board before the move).
;                             Out: HL = change of the sum (white view).
;   NEGHL (eval.asm): HL = -HL.   TOWIRE (match.asm): mailbox square -> wire square.
;   LPEEK (proto.asm): NZ when a unit from the console waits.
; IX and IY are saved here around the calls that may destroy them (GENEVAL; DELTA destroys
; IY); MAKE, UNMAKE and INCHECK keep both (board.asm), so no time goes into saving them
; there, in every EXMOVE and TAKEBCK. The flags handed to MAKE, UNMAKE and DELTA
; are the move's own (bits 0-5): bits 6-7 of a move-stack entry are the search's.

; The ply record's fields (PFIRST .. PPOS, PLYSIZE) are in ram.asm, beside PLYTAB.

; --- move-stack entry (MSENTRY bytes) ----------------------------------------------------------
EFLAGS  EQU     2               ; flags: bit 6 done, bit 7 gives check
EKEY    EQU     3               ; order key (word): minimum, then final evaluation
EMAX    EQU     5               ; maximum evaluation (word)
DONEBIT EQU     6
CHKBIT  EQU     7
        IF      CHKBIT - 7
        ERROR: NODEHF (node.asm) reads the check flag as the sign of the entry flags
        ENDIF
DRAWMK  EQU     30H             ; F_EP and F_DBL both: a root move that draws (DRWFIX); no real
                                ; move has both (a number: the hosted search test has no board.asm)

MATE    EQU     30000           ; mate at the root; mated n plies deep = -(MATE - n)
INF     EQU     32000           ; bound beyond every score
MATEZON EQU     MATE-100        ; |score| from here on is a mate: the passes stop

; --- SRFLAGS bits -------------------------------------------------------------------------------
FPOLL   EQU     0               ; poll the latch before every EXMOVE
FINFO   EQU     1               ; send INFO after every completed pass
FDRAW   EQU     2               ; the root list being built gets GO's draw moves marked
FBOOK   EQU     6               ; BKGO played a book move (bookplay.asm)
FSTOP   EQU     7               ; a waiting command stopped the search

; CPSGN (compare two signed words) is RST vector 38H (main.asm).

; ------------------------------------------------------------------------------------------
; ENTADR - address of entry A of the node IX: first + 7 * A.
; In: IX = ply record, A = index.   Out: HL = entry.
; Destroys: A, D, E.   Called by: PASS, TAKEBCK, CLIMB, TOPSET.
; ------------------------------------------------------------------------------------------
ENTADR: LD      L,A
        LD      H,0
        LD      D,H
        LD      E,L
        ADD     HL,HL
        ADD     HL,HL
        ADD     HL,HL           ; 8 * A (A <= MSCAP: no carry)
        OR      A
        SBC     HL,DE           ; 7 * A
        LD      E,(IX+PFIRST)
        LD      D,(IX+PFIRST+1)
        ADD     HL,DE
        RET

; ------------------------------------------------------------------------------------------
; TOPSET - the move stack ends after the node's list: MSTOP = first + 7 * count.
; In: IX = ply record.   Out: MSTOP, HL = it.
; Destroys: A, D, E.   Called by: PASS, TAKEBCK.
; ------------------------------------------------------------------------------------------
TOPSET: LD      A,(IX+PCOUNT)
        CALL    ENTADR
        LD      (MSTOP),HL
        RET

; ------------------------------------------------------------------------------------------
; DEPTH - the next move to explore at a node: on the last pass's line, the line's move
; (LINE); else the undone entry with the highest key, the earlier one on a tie. A node whose
; best final evaluation reached beta is finished. Forward
; pruning: once the node has a best, every undone entry whose maximum is below it is marked
; done (at the root it keeps its maximum as key), unless it gives check.
; NONE (8000H) is below every beta and every maximum, so a node without a best is neither
; finished nor pruned by the same comparisons.
; DEP0 is the same without the finished test and the line, for a root that has no beta yet
; (ANALYS before the first pass: PBETA holds whatever RAM held).
; In: IX = ply record (PBEST, PBETA, the list), PLYN = its ply, FOLLOW.
; Out: C set, A = index, IY = entry (marked done) when a move was chosen; NC when finished.
; Destroys: A, B, C, D, E, H, L, IY, C'.   Called by: PASS; DEP0 by ANALYS.
; ------------------------------------------------------------------------------------------
DEPTH:  LD      L,(IX+PBEST)
        LD      H,(IX+PBEST+1)
        LD      E,(IX+PBETA)
        LD      D,(IX+PBETA+1)
        RST     CPSGN
        RET     NC              ; best >= beta: the node is finished
        ; fall into LINE

; ------------------------------------------------------------------------------------------
; LINE - the last pass's line first. Row 0 of PVTAB keeps the last pass's PV until a root
; move of this pass finishes (PASS), so the pass explores it first, as Gambiet's variation
; file let it. FOLLOW is the ply of the node on the line that has not chosen yet: 0 when a
; pass starts (40H, no ply, in a hunt: PASS). At that node (its first choice: nothing done,
; no best to prune by) the line's move n is chosen, and FOLLOW moves on to the child, which
; is on the line when this node takes that move; any other call leaves the line (0FFH).
; The move is always in the node's list: the node is the position the last pass reached by
; the same moves, and GEN lists it alike, cut alike by MSCAP. The move is found by from,
; to and promotion (FINDMV, as PLAYER finds a move), as Search::line_move does.
; In: IX = ply record, PLYN, FOLLOW, PVTAB row 0, PVLEN.   Out: as DEPTH; falls into DEP0
; when the node is not on the line or the line ends above it.
; Destroys: as DEPTH.   Called by: DEPTH (falls in).
; ------------------------------------------------------------------------------------------
LINE:   LD      HL,FOLLOW
        LD      A,(PLYN)
        CP      (HL)
        LD      (HL),0FFH       ; off the line ...
        JR      NZ,DEP0
        LD      B,A
        INC     B
        LD      (HL),B          ; ... or the child next (B = n + 1)
        LD      HL,PVLEN
        CP      (HL)
        JR      NC,DEP0         ; the line ends above this ply
        ADD     A,A
        ADD     A,B             ; 3n + 1
        ADD     A,(PVTAB-1) MOD 256
        LD      L,A             ; HL = PVTAB + 3n: H is PVLEN's page, PVTAB's too (ram.asm)
        LD      D,(HL)
        INC     HL
        LD      E,(HL)          ; DE = the line's move n: from, to
        INC     HL
        LD      A,(HL)
        AND     F_PROMO
        LD      C,A             ; C = its promotion
        LD      L,(IX+PFIRST)
        LD      H,(IX+PFIRST+1)
        LD      B,(IX+PCOUNT)   ; (a node that chooses has at least one entry)
        CALL    FINDMV
        JR      NZ,DEP0         ; (never: see above)
        LD      A,(IX+PCOUNT)
        SUB     B               ; the entry's index
        JR      DEPTAK1

DEP0:   EXX
        LD      C,0FFH          ; C' = chosen index, 0FFH = none yet
        EXX
        LD      L,(IX+PFIRST)
        LD      H,(IX+PFIRST+1)
        PUSH    HL
        POP     IY
        LD      B,(IX+PCOUNT)
        LD      C,0             ; index of IY's entry
        LD      A,B
        OR      A
        JR      Z,DEPEND
DEPLP:  BIT     DONEBIT,(IY+EFLAGS)
        JR      NZ,DEPNXT
        BIT     CHKBIT,(IY+EFLAGS)
        JR      NZ,DEPCAN       ; checks are never dropped
        PUSH    DE
        LD      L,(IY+EMAX)
        LD      H,(IY+EMAX+1)
        LD      E,(IX+PBEST)
        LD      D,(IX+PBEST+1)
        RST     CPSGN           ; max < best?
        POP     DE
        JR      NC,DEPCAN
        SET     DONEBIT,(IY+EFLAGS) ; pruned
        LD      A,(PLYN)
        OR      A
        JR      NZ,DEPNXT
        LD      (IY+EKEY),L     ; at the root it keeps its maximum as key
        LD      (IY+EKEY+1),H
        JR      DEPNXT
DEPCAN: LD      L,(IY+EKEY)     ; a candidate: HL = its key, DE = the chosen key
        LD      H,(IY+EKEY+1)
        EXX
        LD      A,C
        EXX
        INC     A
        JR      Z,DEPTAK        ; none chosen yet
        EX      DE,HL
        RST     CPSGN           ; chosen key < key?
        EX      DE,HL
        JR      NC,DEPNXT
DEPTAK: EX      DE,HL           ; DE = chosen key
        LD      A,C
        EXX
        LD      C,A
        EXX
DEPNXT: PUSH    DE
        LD      DE,MSENTRY
        ADD     IY,DE
        POP     DE
        INC     C
        DJNZ    DEPLP
DEPEND: EXX
        LD      A,C
        EXX
        CP      0FFH
        RET     Z               ; Z and NC (CP equal): nothing left, finished
DEPTAK1:
        PUSH    AF              ; A = the chosen index
        CALL    ENTADR
        PUSH    HL
        POP     IY
        SET     DONEBIT,(IY+EFLAGS)
        POP     AF
        SCF
        RET

; ------------------------------------------------------------------------------------------
; FINDMV - find a move in a list of move-stack entries: the first entry with its from, to
; and promotion (an entry's flags hold more than the promotion: only F_PROMO is compared).
; In: HL = the first entry, B = entries (at least 1), D = from, E = to, C = promotion.
; Out: Z = found, HL = its entry + 2, its index = entries - B; NZ = not in the list.
; Destroys: A, B, H, L.   Called by: PLAYER (the console's move), LINE (the line's move).
; ------------------------------------------------------------------------------------------
        IF      MSENTRY - 7
        ERROR: FINDMV steps 6 bytes from entry + 1 to the next entry
        ENDIF
FINDMV: LD      A,(HL)
        INC     HL              ; HL = entry + 1
        CP      D
        JR      NZ,FINDM1
        LD      A,(HL)
        CP      E
        JR      NZ,FINDM1
        INC     HL
        LD      A,(HL)
        AND     F_PROMO
        CP      C
        RET     Z               ; HL = entry + 2
        DEC     HL
FINDM1: INC     HL              ; from entry + 1 to the next entry (DJNZ keeps NZ)
        INC     HL
        INC     HL
        INC     HL
        INC     HL
        INC     HL
        DJNZ    FINDMV
        RET                     ; NZ: the last compare failed

; ------------------------------------------------------------------------------------------
; EXMOVE - play entry A of the node IX: remember it, make it, positional sum of the child.
; In: IX = ply record, A = index, IY = entry.   Out: board after the move, child's PPOS,
; PVLEN of the child = 0.
; Destroys: A, B, C, D, E, H, L.   Called by: PASS.
; ------------------------------------------------------------------------------------------
EXMOVE: LD      (IX+PCUR),A
        LD      D,(IY+0)
        LD      E,(IY+1)
        LD      A,(IY+EFLAGS)
        AND     3FH
        LD      C,A
        PUSH    BC              ; C = the move's flags, for MAKE
        PUSH    IY
        CALL    DELTA           ; HL = change of the positional sum (before the move)
        POP     IY
        LD      E,(IX+PPOS)
        LD      D,(IX+PPOS+1)
        ADD     HL,DE
        LD      (IX+PLYSIZE+PPOS),L
        LD      (IX+PLYSIZE+PPOS+1),H
        PUSH    IX
        POP     HL
        LD      DE,PUNDO
        ADD     HL,DE           ; HL = undo record
        POP     DE              ; E = the flags
        LD      B,(IY+0)
        LD      C,(IY+1)
        CALL    MAKE            ; (IX and IY kept)
        LD      A,(PLYN)
        INC     A
        LD      E,A
        LD      D,0
        LD      HL,PVLEN
        ADD     HL,DE
        LD      (HL),0
        RET

; ------------------------------------------------------------------------------------------
; TAKEBCK - take back the move being explored at the node IX; the move stack ends after
; the node's list again.
; In: IX = ply record.   Out: board of the node, MSTOP.
; Destroys: A, B, C, D, E, H, L.   Called by: PASS.
; ------------------------------------------------------------------------------------------
TAKEBCK:
        LD      A,(IX+PCUR)
        CALL    ENTADR
        LD      B,(HL)
        INC     HL
        LD      C,(HL)
        INC     HL
        LD      A,(HL)
        AND     3FH
        PUSH    AF
        PUSH    IX
        POP     HL
        LD      DE,PUNDO
        ADD     HL,DE           ; HL = undo record
        POP     AF
        LD      E,A             ; E = the move's flags
        CALL    UNMAKE          ; (IX kept)
        JP      TOPSET

; ------------------------------------------------------------------------------------------
; CLIMB - the move explored at the node IX got the final evaluation HL: it becomes the
; entry's key; if it beats the node's best it becomes the best and its PV this node's.
; In: IX = ply record, PLYN = its ply, HL = final evaluation.   Out: entry key, PBEST, PV.
; Destroys: A, B, C, D, E, H, L.   Called by: PASS.
; ------------------------------------------------------------------------------------------
CLIMB:  PUSH    HL
        LD      A,(IX+PCUR)
        CALL    ENTADR
        POP     DE              ; DE = value
        PUSH    HL              ; the entry
        INC     HL
        INC     HL
        INC     HL
        LD      (HL),E          ; key = final evaluation
        INC     HL
        LD      (HL),D
        LD      L,(IX+PBEST)
        LD      H,(IX+PBEST+1)
        RST     CPSGN           ; best < value? (NONE is below everything)
        POP     HL
        RET     NC
        LD      (IX+PBEST),E
        LD      (IX+PBEST+1),D
        LD      A,(PLYN)
        CP      PVPLIES
        RET     NC              ; no PV this deep: the parent's ends with the move to here
        PUSH    HL
        CALL    PVROWA
        EX      DE,HL           ; DE = this node's PV row
        POP     HL
        LD      BC,3
        LDIR                    ; the move first
        PUSH    DE
        LD      A,(PLYN)
        INC     A
        LD      C,A
        LD      B,0
        LD      HL,PVLEN
        ADD     HL,BC
        LD      B,(HL)          ; the child's PV length
        DEC     HL
        LD      (HL),B
        INC     (HL)            ; this node's: the child's + 1
        PUSH    BC
        CALL    PVROWA          ; HL = the child's row (A = child's ply)
        POP     BC
        POP     DE
        LD      A,B
        ADD     A,A
        ADD     A,B             ; 3 bytes a move
        RET     Z
        LD      C,A
        LD      B,0
        LDIR                    ; then the child's PV
        RET

; ------------------------------------------------------------------------------------------
; PVROWA - address of the PV row of ply A. Row n holds at most 8-n moves: the deepest node
; that keeps a PV is ply 7 (PVPLIES - 1; deeper nodes of the passes of 11 plies keep none),
; so its PV is one move long, and each ply up adds one. Row n starts 3 * (8 + 7 + ... +
; (9-n)) bytes in, summed here (a table of the nine rows took 14 bytes more; 2026-12-02).
; In: A = ply 0..8.   Out: HL = row.   Destroys: A, D, E.   Called by: CLIMB.
; ------------------------------------------------------------------------------------------
PVROWA: LD      HL,PVTAB
        OR      A
        RET     Z
        LD      DE,3*PVPLIES    ; row 0's length in bytes, then each row's
PVRA1:  ADD     HL,DE
        DEC     E
        DEC     E
        DEC     E               ; the next row holds one move less
        DEC     A
        JR      NZ,PVRA1
        RET

; ------------------------------------------------------------------------------------------
; STOPCHK - must the pass stop before the next EXMOVE? When the positions counter has
; reached the budget, or (with FPOLL) when a unit from the console waits (then FSTOP is set).
; In: -   Out: C set to stop.   Destroys: A, B, D, E, H, L.   Called by: PASS.
; ------------------------------------------------------------------------------------------
STOPCHK:
        LD      DE,POSCNT
        LD      HL,BUDGET
        LD      B,4
        OR      A
STC1:   LD      A,(DE)
        SBC     A,(HL)          ; POSCNT - BUDGET, 32 bits
        INC     DE
        INC     HL
        DJNZ    STC1
        CCF
        RET     C               ; POSCNT >= BUDGET
        LD      A,(SRFLAGS)
        BIT     FPOLL,A
        RET     Z               ; NC: not polling
        CALL    LPEEK
        RET     Z               ; NC: nothing waits
        LD      HL,SRFLAGS
        SET     FSTOP,(HL)
        SCF
        RET

; ------------------------------------------------------------------------------------------
; PASS - one pass of DEPTHN plies from the root list (NEXPAS's body): DEPTH, EXMOVE, NODE,
; CLIMB until the root is finished or STOPCHK says stop (the board is then restored); a
; check into the last ply has its replies searched one ply further (the check extension).
; In: DEPTHN, the root record and list, PV row 0 and PVLEN (the line LINE follows; none in
; a hunt: ENDGAME).   Out: NC = complete, C = abandoned; PBEST, PV row 0, PVLEN so far.
; Destroys: all but SP.   Called by: ANALYS.
; ------------------------------------------------------------------------------------------
PASS:   LD      IX,PLYTAB
        LD      HL,-INF
        LD      (PLYTAB+PALPHA),HL
        LD      HL,INF
        LD      (PLYTAB+PBETA),HL
        LD      H,80H           ; L = 0 (INF = 7D00H): NONE
        LD      (PLYTAB+PBEST),HL
        ; PVLEN[0] is not cleared: row 0 keeps the result of the last pass until a root
        ; move of this pass finishes, and then it is overwritten whole (CLIMB). Until
        ; then the pass follows it (LINE).
        LD      L,(IX+PFIRST)
        LD      H,(IX+PFIRST+1)
        LD      B,(IX+PCOUNT)
        LD      DE,MSENTRY
PAS0:   INC     HL
        INC     HL
        RES     DONEBIT,(HL)
        DEC     HL
        DEC     HL
        ADD     HL,DE
        DJNZ    PAS0
        XOR     A
        LD      (PLYN),A
        LD      A,(ENDGAME)
        AND     40H             ; a hunt (POSANA): no line (40H is no ply), else the root
        LD      (FOLLOW),A      ; is on the last pass's line (LINE)
PASLP:  CALL    DEPTH
        JP      NC,PASFIN
        PUSH    AF
        PUSH    IY
        CALL    STOPCHK
        POP     IY
        JP      C,PASSTP
        LD      A,(IY+EFLAGS)
        CPL
        AND     DRAWMK
        JP      Z,PASDRW        ; both DRAWMK bits: a draw move (only the root has them)
        POP     AF
        CALL    EXMOVE
        ; NODE: GEN + EVAL at the child; a list above the last ply (and after a check at it)
        CALL    TOPSET          ; HL = the child's first entry
        LD      (IX+PLYSIZE+PFIRST),L
        LD      (IX+PLYSIZE+PFIRST+1),H
        LD      HL,PLYN
        INC     (HL)            ; PLYN = the child's ply while NODE runs
        LD      B,(HL)
        LD      A,(DEPTHN)
        DEC     A
        SUB     B               ; store (A > 0) when child < depth - 1
        JR      C,PASN1         ; past the last ply: a check's replies are leaves
        JR      NZ,PASN2
        ; the check extension (Search::extends): at the last ply, a check's list is kept
        ; and its replies searched one ply further, but not in the deepest pass
        LD      A,B
        CP      MAXDPTH-1
        JR      NC,PASN1
        LD      A,(IY+EFLAGS)
        AND     1 SHL CHKBIT    ; A = 80H (store) after a check, else 0
        JR      PASN2
PASN1:  XOR     A
PASN2:  PUSH    AF              ; the store flag
        PUSH    IX
        CALL    GENEVAL         ; B = legal moves, DE = best minimum, C = overflow
        POP     IX
        POP     HL              ; H = the store flag
        LD      A,(PLYN)        ; (flags kept) back to the parent's ply
        DEC     A
        LD      (PLYN),A
        LD      A,(SRFLAGS)
        BIT     FSTOP,A
        JP      NZ,PASSTN       ; a command stopped NODE: the list is not whole
        JR      C,PASLF         ; overflow: a last-ply node
        LD      A,B
        OR      A
        JR      Z,PASMT         ; no legal move
        LD      A,H
        OR      A
        JR      Z,PASLF         ; the last ply: only the best minimum counts
        ; enter the child: its window is (-beta, -max(alpha, best))
        LD      (IX+PLYSIZE+PCOUNT),B
        LD      L,(IX+PBETA)
        LD      H,(IX+PBETA+1)
        RST     NEGHL
        LD      (IX+PLYSIZE+PALPHA),L
        LD      (IX+PLYSIZE+PALPHA+1),H
        LD      L,(IX+PALPHA)
        LD      H,(IX+PALPHA+1)
        LD      E,(IX+PBEST)
        LD      D,(IX+PBEST+1)
        RST     CPSGN           ; alpha < best?
        JR      NC,PASW1
        EX      DE,HL
PASW1:  RST     NEGHL
        LD      (IX+PLYSIZE+PBETA),L
        LD      (IX+PLYSIZE+PBETA+1),H
        LD      (IX+PLYSIZE+PBEST),0
        LD      (IX+PLYSIZE+PBEST+1),80H
        LD      DE,PLYSIZE
        ADD     IX,DE
        LD      HL,PLYN
        INC     (HL)
        JP      PASLP
PASMT:  ; mated (-(MATE - ply)) or stalemate (0) at the child
        CALL    INCHECK         ; (IX kept)
        LD      DE,0
        JR      NC,PASLF
        LD      A,(PLYN)
        INC     A               ; the child's ply
        LD      E,A
        LD      HL,-MATE
        ADD     HL,DE
        EX      DE,HL           ; DE = -(MATE - child's ply)
PASLF:  PUSH    DE              ; the child's value
        CALL    TAKEBCK
        POP     HL
        RST     NEGHL
        CALL    CLIMB
        JP      PASLP
PASFIN: ; CLIMB: the node IX is finished
        LD      A,(PLYN)
        OR      A
        RET     Z               ; the root: the pass is complete (NC)
        LD      L,(IX+PBEST)
        LD      H,(IX+PBEST+1)
        PUSH    HL
        LD      DE,-PLYSIZE
        ADD     IX,DE
        LD      HL,PLYN
        DEC     (HL)
        CALL    TAKEBCK         ; (PASLF's tail again: a JR there would cost 12 T-states
        POP     HL              ; per finished node)
PASCL:  RST     NEGHL
        CALL    CLIMB
        JP      PASLP
PASDRW: ; a draw move: value 0 without a child (never made), its PV the move alone
        POP     AF
        LD      (IX+PCUR),A
        XOR     A
        LD      (PVLEN+1),A     ; the root's child
        LD      H,A
        LD      L,A
        JR      PASCL
PASSTP: ; stop: the chosen entry is undone again, the board goes back to the root
        POP     AF
        CALL    ENTADR
        INC     HL
        INC     HL
        RES     DONEBIT,(HL)
        JR      PASUW
PASSTN: CALL    TAKEBCK         ; stopped inside NODE: back from the child first
PASUW:  LD      A,(PLYN)
        OR      A
        JR      Z,PASUW1
        DEC     A
        LD      (PLYN),A
        LD      DE,-PLYSIZE
        ADD     IX,DE
        CALL    TAKEBCK
        JR      PASUW
PASUW1: SCF
        RET

; ------------------------------------------------------------------------------------------
; GOSRCH - the GO command's search: ANALYS with INFO lines and the latch polled, so a waiting
; command stops it (FSTOP). (BKGO in bookplay.asm puts the book in front, once it fits.)
; In: BUDGET, GOFLAGS and DRAWLST (the long GO's root list flag and draw moves, read by
;     SENDINF and DRWFIX).   Out: as ANALYS.
; Destroys: all but SP.   Called by: CGO (match.asm), BKGO.
; ------------------------------------------------------------------------------------------
GOSRCH: LD      A,07H           ; FPOLL, FINFO and FDRAW
        JR      PONDR1

; ------------------------------------------------------------------------------------------
; PONDER - think on the opponent's time, as Gambiet did: search the position on the board
; (the opponent to move) without a budget until a command waits, and throw the result away.
; ANALYS starts afresh every time, so pondering never changes what GO answers.
; In: the board.   Out: board unchanged; BESTMV, SCORE, ... are overwritten.
; Destroys: all but SP.   Called by: match.asm, after BESTMOVE.
; ------------------------------------------------------------------------------------------
PONDER: LD      HL,LEVELS+4*5   ; level 6's budget: 0FFFFFFFFH, until stopped
        CALL    BUDSET
        LD      A,01H           ; FPOLL only
PONDR1: LD      (SRFLAGS),A
        ; fall into ANALYS

; ------------------------------------------------------------------------------------------
; ANALYS - the search of the position on the board with the budget in BUDGET: positional
; tables, the root list, then passes 3, 4, 5, ... 11 (NEXPAS) until one is abandoned, a mate
; is found or the pass of 11 plies is done. The move played: the best of the last pass that
; finished a root move; before any, the root move with the highest minimum evaluation.
; In: BUDGET, SRFLAGS (FPOLL, FINFO, FDRAW: the draw moves of DRAWLST marked at the root).
; Out: BESTMV (from, to, flags; 0,0,0 when there is
; no legal move), SCORE, PASSES, POSCNT, PV row 0 with PVLEN; FDRAW cleared once the root
; list is built; board unchanged.
; Destroys: all but SP.   Called by: GOSRCH, PONDER (falls in), the test harness.
; ------------------------------------------------------------------------------------------
ANALYS: CALL    POSANA
        CALL    TOTAL
        LD      (ROOTPOS),HL
        LD      (PLYTAB+PPOS),HL
        XOR     A
        LD      H,A
        LD      L,A
        LD      (POSCNT),HL
        LD      (POSCNT+2),HL
        LD      (PASSN),HL      ; and PLYN
        LD      (PASSES),A
        LD      (PVLEN),A
        LD      HL,MOVESTK
        LD      (MSTOP),HL
        LD      (PLYTAB+PFIRST),HL
        LD      HL,SRFLAGS      ; GO's root list runs whole (GO must have a move to play);
        LD      A,(HL)          ; a pondering root list may be stopped
        PUSH    AF
        BIT     FINFO,A
        JR      Z,THKR
        RES     FPOLL,(HL)
THKR:   LD      A,1
        CALL    GENEVAL         ; the root list
        POP     AF
        LD      HL,SRFLAGS
        OR      (HL)            ; FPOLL back, FSTOP kept,
        AND     0FFH-(1 SHL FDRAW) ; the draw moves marked: the move stack's other lists
        LD      (HL),A          ; are not the root's
        BIT     FSTOP,A
        RET     NZ              ; pondering stopped: nothing to keep
        LD      A,B
        CP      MSCAP+1
        JR      C,THK0
        LD      A,MSCAP         ; a root list longer than the stack is cut
THK0:   LD      (PLYTAB+PCOUNT),A
        LD      A,B
        OR      A
        JR      NZ,THK2
        ; no legal move: mated or stalemate at the root
        LD      HL,BESTMV
        LD      (HL),A
        INC     HL
        LD      (HL),A
        INC     HL
        LD      (HL),A
        CALL    INCHECK
        LD      HL,0
        JR      NC,THK1
        LD      HL,-MATE
THK1:   LD      (SCORE),HL
        RET
THK2:   ; before any pass: the root move with the highest minimum evaluation (its key), the
        ; earlier on a tie, as DEPTH picks it at a node without a best (PASS clears its mark)
        LD      HL,8000H
        LD      (PLYTAB+PBEST),HL
        LD      IX,PLYTAB
        CALL    DEP0            ; IY = the entry (no beta yet: not the finished test)
        LD      L,(IY+EKEY)
        LD      H,(IY+EKEY+1)
        LD      (SCORE),HL
        PUSH    IY
        POP     HL
        LD      DE,PVTAB
        LD      BC,3
        LDIR
        LD      A,1
        LD      (PVLEN),A
        LD      A,FIRSTD
        LD      (DEPTHN),A
THKLP:  CALL    PASS            ; NEXPAS
        PUSH    AF
        LD      A,(PLYTAB+PBEST+1)
        XOR     80H
        LD      HL,PLYTAB+PBEST
        OR      (HL)
        JR      Z,THK5          ; no root move finished: the last result stands
        LD      HL,(PLYTAB+PBEST)
        LD      (SCORE),HL
THK5:   POP     AF
        JR      C,THKEND        ; abandoned
        LD      HL,PASSN
        INC     (HL)
        LD      A,(SRFLAGS)
        BIT     FINFO,A
        CALL    NZ,SENDINF
        LD      HL,(SCORE)      ; a mate found: no deeper pass
        BIT     7,H
        CALL    NZ,NEGHL
        LD      DE,MATEZON
        RST     CPSGN
        JR      NC,THKEND
        LD      A,(DEPTHN)      ; one ply deeper (Gambiet went a full move: be94953)
        INC     A
        LD      (DEPTHN),A
        CP      MAXDPTH+1
        JR      C,THKLP
THKEND: LD      HL,PVTAB
        LD      DE,BESTMV
        LD      BC,3
        LDIR
        EX      DE,HL
        DEC     HL              ; BESTMV+2, the flags
        LD      A,(HL)
        AND     3FH             ; done and check bits are the move stack's, not the move's,
        CP      DRAWMK          ; and so is DRAWMK (a draw move is no pawn move: no F_EP,
        JR      C,THKE1         ; F_DBL or promotion of its own)
        AND     0FH
THKE1:  LD      (HL),A
        LD      A,(PASSN)
        LD      (PASSES),A
        RET

; ------------------------------------------------------------------------------------------
; WIREMV - copy a move as the wire's three bytes: from, to (0-63), promotion kind or 0.
; In: HL = move (from, to, flags), DE = destination.   Out: HL, DE advanced by 3.
; Destroys: A.   Called by: SENDINF, CGO (match.asm).
; ------------------------------------------------------------------------------------------
WIREMV: LD      A,(HL)
        CALL    TOWIRE
        LD      (DE),A
        INC     HL
        INC     DE
        LD      A,(HL)
        CALL    TOWIRE
        LD      (DE),A
        INC     HL
        INC     DE
        LD      A,(HL)
        AND     07H             ; promotion kind 2-5, or 0
        LD      (DE),A
        INC     HL
        INC     DE
        RET

; ------------------------------------------------------------------------------------------
; SENDINF - send INFO for the pass just completed: pass, score, positions, PV; then, when
; GO's flag bit 0 asks (MultiPV), one ROOT per root-list entry in the list's order: its move
; and key. Only now can the root list be sent: after the search CGO's move check builds a
; move list over it, and RAM has no room for a copy (docs/protocol.md, "Protocol 2").
; In: PASSN, SCORE, POSCNT, PV row 0 and PVLEN; GOFLAGS; the root list (MOVESTK, PCOUNT
; of ply 0).   Out: the messages sent (MSGBUF reused).
; Destroys: A, B, C, D, E, H, L.   Called by: ANALYS.
; ------------------------------------------------------------------------------------------
SENDINF:
        LD      HL,MSGBUF
        LD      (HL),45H        ; INFO
        INC     HL
        LD      A,(PVLEN)
        LD      B,A
        ADD     A,A
        ADD     A,B
        ADD     A,8             ; pass, score 2, positions 4, length, 3 a move
        LD      (HL),A
        INC     HL
        LD      A,(PASSN)
        LD      (HL),A
        INC     HL
        EX      DE,HL
        PUSH    BC              ; B = the PV's length: 1 or more after a pass
        CALL    SCOPOS
        POP     BC
        LD      A,B
        LD      (DE),A
        INC     DE
        LD      HL,PVTAB
SNI1:   CALL    WIREMV
        DJNZ    SNI1
        CALL    SENDBUF
        LD      A,(GOFLAGS)
        RRCA
        RET     NC              ; no root list asked for
        LD      A,(PLYTAB+PCOUNT) ; 1 or more after a pass
        LD      HL,MOVESTK      ; the root list's first entry
SNR1:   PUSH    AF
        LD      DE,MSGBUF+2
        CALL    WIREMV          ; the move; HL = its key
        LDI
        LDI
        INC     HL              ; past the maximum: the next entry
        INC     HL
        PUSH    HL
        LD      HL,5*256+T_ROOT
        CALL    SENDRPL
        POP     HL
        POP     AF
        DEC     A
        JR      NZ,SNR1
        RET

; ------------------------------------------------------------------------------------------
; SCOPOS - copy SCORE (2 bytes) and POSCNT (4 bytes) to DE, as INFO and BESTMOVE carry them.
; In: DE = destination.   Out: DE advanced by 6.
; Destroys: B, C, H, L.   Called by: SENDINF, CGO (match.asm).
; ------------------------------------------------------------------------------------------
SCOPOS: LD      HL,SCORE
        LDI
        LDI
        LD      HL,POSCNT
        LD      BC,4
        LDIR
        RET

; ------------------------------------------------------------------------------------------
; LEVELS - the position budget of levels 1-6, 32 bits each. The module has no clock: a
; level is a number of positions evaluated. src/reference/levels.rs holds the same figures
; (tests/guest/search.rs checks that the two agree).
; ------------------------------------------------------------------------------------------
LEVELS: DEFW    26000,0         ; 1 tournament, about 2 minutes (c7010 bench guest --levels)
                                ; (CGO reads this 0 as the short GO's flags and n)
        DEFW    3450,0          ; 2 beginner, about 10 s
        DEFW    9100,0          ; 3 about 30 s
        DEFW    15200,0         ; 4 about 1 minute
        DEFW    31500,0         ; 5 about 2.5 minutes
        DEFW    0FFFFH,0FFFFH   ; 6 analysis: until stopped

; ------------------------------------------------------------------------------------------
; LVLBUD - BUDGET = the budget of the playing level.  BUDSET - BUDGET = the 4 bytes at HL.
; In: LEVEL (1-6) / HL.   Out: BUDGET.   Destroys: A and the flags (LVLBUD), B, C, D, E,
; H, L; BUDSET keeps the Z and carry flags (its LDIR leaves them; CGO relies on Z).
; Called by: CGO (match.asm); PONDER (BUDSET).
; ------------------------------------------------------------------------------------------
LVLBUD: LD      A,(LEVEL)
        DEC     A
        ADD     A,A
        ADD     A,A
        LD      E,A
        LD      D,0
        LD      HL,LEVELS
        ADD     HL,DE           ; HL = the level's entry
BUDSET: LD      DE,BUDGET
        LD      BC,4
        LDIR
        RET
