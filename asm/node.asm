; node.asm - NODE's list: GEN with EVALKID (eval.asm) at the node of ply PLYN, the way the
; reference's Search::gen_eval does it: every legal move is evaluated and counted, the best
; minimum is kept, and (when asked) the moves go onto the move stack until it is full.
; Kept apart from search.asm so the search logic can also be tested with GENEVAL served by
; the host (tests/guest/search_hosted.rs).
;
; While GEN runs, the node's own PLYTAB record holds the running results (the search sets
; the record's alpha, beta, best and current move only after GENEVAL returns):
; PCOUNT = legal moves (less those the filter drops, below), PBEST = best minimum, PCUR =
; bit 0 store, bit 1 overflow. In passes 1 to 3 (PASSN < FILTPAS), below the root, a move
; whose maximum is below the best minimum so far and which gives no check is counted as a
; position but not kept (not stored, not in PCOUNT): forward pruning would drop it once the
; node's best reached that minimum (reference: gen_eval's filter, FILTER_DEPTH). A leaf
; list (no store) also has LEAFCUT and LEAFDONE (ram.asm): once its best minimum reaches
; minus the parent's best, the list's value no longer matters to the parent, and EVALKID
; then only counts the legal moves (reference: Search::leaf_cutoff).

; ------------------------------------------------------------------------------------------
; PLYREC - the PLYTAB record of ply PLYN.
; In: PLYN.   Out: IX = record.   Destroys: A, D, E.   Called by: GENEVAL (which keeps it in
; CURREC for NODEHK and EVALKID).
; ------------------------------------------------------------------------------------------
PLYREC: LD      A,(PLYN)
        ADD     A,A
        ADD     A,A
        ADD     A,A
        ADD     A,A             ; 16 bytes a ply (ply <= 9: no carry)
        LD      E,A
        LD      D,0
        LD      IX,PLYTAB
        ADD     IX,DE
        RET

; ------------------------------------------------------------------------------------------
; GENEVAL - GEN + EVAL at the node of ply PLYN (its positional sum in its PLYTAB record).
; In: A = 0: evaluate only, a leaf of the pass (reference: eval_leaf); non-zero: also
;     store the legal moves on the move stack from MSTOP (MSTOP advances; moves that do not
;     fit before MSEND are only evaluated). A leaf at ply 2 or deeper reads the parent's
;     best (PBEST of ply PLYN-1) for its cutoff.
; Out: B = legal moves less the filtered (at least 1 when there is a legal move), DE = best
;      minimum evaluation (8000H when none; a leaf's is exact
;      unless it reached LEAFCUT, when it is at least that), carry set when a move did not
;      fit; POSCNT counts every legal move; PARMAP (TGPAR) for the node; CURREC = IX = the
;      node's PLYTAB record.
; Destroys: all but IY and SP.   Called by: PASS (NODE), ANALYS (the root list), tests.
; ------------------------------------------------------------------------------------------
GENEVAL:
        PUSH    AF
        CALL    PLYREC
        LD      (CURREC),IX     ; for NODEHK and EVALKID: PLYREC there cost 96 T a move
        POP     AF
        OR      A
        JR      Z,GENEV1
        LD      A,1
GENEV1: LD      (IX+PCUR),A     ; bit 0: store
        ADD     A,A
        XOR     TGLEAF+1        ; TGKIDS: 1 with a list, 1 + TGLEAF without (a leaf)
        PUSH    AF
        LD      (IX+PCOUNT),0
        LD      (IX+PBEST),0
        LD      (IX+PBEST+1),80H
        ; a leaf's cutoff (reference: leaf_cutoff): minus the parent's best; none (INF) for a
        ; list, below ply 2 (the root's keys are read after the pass), or before the parent
        ; has a best
        LD      DE,INF
        BIT     0,(IX+PCUR)
        JR      NZ,GENEV2       ; a list
        LD      A,(PLYN)
        CP      2
        JR      C,GENEV2
        LD      L,(IX-(PLYSIZE-PBEST))
        LD      H,(IX-(PLYSIZE-PBEST-1))
        LD      A,H
        XOR     80H
        OR      L
        JR      Z,GENEV2        ; NONE: no best yet
        RST     NEGHL
        EX      DE,HL
GENEV2: LD      (LEAFCUT),DE
        XOR     A
        LD      (LEAFDONE),A
        CALL    TGPAR           ; the node's attacked pieces, for every move's EXCH
        CALL    LEGPAR          ; its check and pins, for every move's legality
        POP     AF
        LD      (TGKIDS),A      ; (TGPAR set 1)
        PUSH    IY
        LD      IY,NODEHK
        AND     TGLEAF
        JR      Z,GENEV3        ; a list: GEN's order
        LD      IY,CAPHK        ; a leaf: its captures first, then the rest
        CALL    GEN
        LD      IY,QUIETHK
GENEV3: CALL    GEN
        POP     IY
        LD      IX,(CURREC)
        LD      B,(IX+PCOUNT)
        LD      E,(IX+PBEST)
        LD      D,(IX+PBEST+1)
        LD      A,(IX+PCUR)
        RRA
        RRA                     ; carry = bit 1: a move did not fit
        RET

; ------------------------------------------------------------------------------------------
; CAPHK, QUIETHK - GENEVAL's hooks at a leaf, which runs GEN twice: CAPHK passes GEN's
; captures (a piece on the destination square) to NODEHK, QUIETHK the other moves. A
; capture usually raises the leaf's best minimum early, so more of the later moves' bounds
; fall at or below it and EVALKID skips their exchange analysis (reference:
; Search::captures_first; on the positions of `c7010 bench guest` 48 % fewer leaf
; exchanges, 2026-12-03).
; In, Out, Destroys: as NODEHK (H and L besides, before it).   Called by: GEN (GENEVAL).
; ------------------------------------------------------------------------------------------
CAPHK:  CALL    VICTIM
        RET     Z               ; not a capture: QUIETHK's
        JR      NODEHK

; VICTIM - the code on the destination square.   In: C = to.   Out: A = the code, Z when
; empty.   Destroys: F, H, L.   Called by: CAPHK, QUIETHK.
VICTIM: LD      A,C
        ADD     A,BRDLO
        LD      L,A
        LD      H,BRDHI
        LD      A,(HL)
        OR      A
        RET

QUIETHK:
        CALL    VICTIM
        RET     NZ              ; a capture: CAPHK's
        ; fall into NODEHK

; ------------------------------------------------------------------------------------------
; NODEHK - GENEVAL's hook: evaluate one move; if legal count it, keep the best minimum and
; store it when asked, kept by the filter (NODEHF, below) and there is room. With FPOLL it
; first looks at the latch: a waiting command sets FSTOP and every later move is skipped.
; With FDRAW, at the root, it falls into DRWFIX: an entry whose bit DRAWLST's bitmap sets is
; marked as a draw (DRAWMK, key and maximum 0).
; In: B = from, C = to, E = flags (GEN's hook contract); SRFLAGS (FPOLL, FDRAW), DRAWLST,
;     CURREC (GENEVAL).
; Out: the record, maybe an entry; LEAFDONE once a leaf's best minimum reaches LEAFCUT.
; Destroys: AF, BC, DE, HL, IX, the alternate registers (IY kept).   Called by: GEN.
; ------------------------------------------------------------------------------------------
NODEHK: LD      A,(SRFLAGS)     ; polling (GO, PONDER): a waiting command stops the list
        BIT     FPOLL,A
        JR      Z,NODEH0
        BIT     FSTOP,A
        RET     NZ              ; stopped: GEN's remaining moves are skipped
        IN      A,(LATCH)       ; one look at the latch per move: a stop within one EVAL
        LD      HL,LNKRX        ; (LPEEK inline, 2026-12-02: LNKRX is 00H or 80H, so the
        XOR     (HL)            ; console's SEQ differs from it when bit 7 of the XOR is set)
        AND     80H
        JR      Z,NODEH0
        LD      HL,SRFLAGS
        SET     FSTOP,(HL)
        RET
NODEH0: CALL    EVALKID         ; HL = min, DE = max, A = entry flags
        RET     C               ; illegal
        PUSH    AF
        PUSH    DE
        LD      IX,(CURREC)     ; the node's record (GENEVAL)
        INC     (IX+PCOUNT)
        LD      E,(IX+PBEST)    ; HL = min
        LD      D,(IX+PBEST+1)
        RST     CPSGN           ; min < best?
        JR      C,NODEHF
        LD      (IX+PBEST),L
        LD      (IX+PBEST+1),H
        LD      DE,(LEAFCUT)    ; a leaf past its cutoff: the rest need only be counted
        RST     CPSGN           ; (a list's cutoff is INF: never)
        JR      C,NODEH1
        LD      A,1
        LD      (LEAFDONE),A
NODEH1: POP     DE              ; max
        POP     AF              ; flags
        BIT     0,(IX+PCUR)
        RET     Z               ; evaluate only
NODEH4: PUSH    HL
        PUSH    DE
        LD      HL,(MSTOP)
        LD      DE,MSEND
        OR      A
        SBC     HL,DE
        ADD     HL,DE
        POP     DE
        JR      C,NODEH2
        POP     HL
        SET     1,(IX+PCUR)     ; full: counted, not stored
        RET
NODEHF: BIT     0,(IX+PCUR)     ; a leaf: counted, as ever (the filter cannot change that:
        JR      Z,NODEH1        ; skipping it saves its tests and compare, 2026-12-02)
        LD      A,(PLYN)        ; the filter (Search::gen_eval): a list below the root ...
        OR      A
        JR      Z,NODEH1
        LD      A,(PASSN)       ; ... in passes 1 to 3 (FILTER_DEPTH) ...
        CP      FILTPAS
        JR      NC,NODEH1
        EX      (SP),HL         ; (min to the stack, max to HL)
        RST     CPSGN           ; ... drops a move whose max is below the best minimum ...
        EX      (SP),HL
        JR      NC,NODEH1
        POP     DE
        POP     AF
        OR      A               ; ... unless it gives check (CHKBIT, bit 7)
        JP      M,NODEH4
        DEC     (IX+PCOUNT)     ; PCOUNT counts the list's entries (a move is legal before
        RET                     ; the first, which is never dropped: B > 0 stays true)
NODEH2: LD      (HL),B
        INC     HL
        LD      (HL),C
        INC     HL
        LD      (HL),A
        INC     HL
        POP     BC              ; min
        LD      (HL),C
        INC     HL
        LD      (HL),B
        INC     HL
        LD      (HL),E
        INC     HL
        LD      (HL),D
        INC     HL
        LD      (MSTOP),HL
        ; fall into DRWFIX

; ------------------------------------------------------------------------------------------
; DRWFIX - NODEHK's tail: while GO's root list is built (SRFLAGS has FDRAW), an entry whose
; bit is set in GO's draw bitmap gets DRAWMK in its flags and 0 as key and maximum: the root
; takes its value as 0 everywhere (reference: Search::mark_draws; PASS values it 0 unexplored).
; In: HL = one past the entry just stored; IX = the root's record (PCOUNT counts the entry);
;     DRAWLST (GO's n, then n bytes: bit i MOD 8 of byte i / 8 for the root list's entry i).
; Out: the entry marked or not.   Destroys: A, B, D, E, H, L.   Called by: NODEHK (falls in).
; ------------------------------------------------------------------------------------------
DRWFIX: LD      A,(SRFLAGS)
        AND     1 SHL FDRAW
        RET     Z               ; not GO's root list
        LD      DE,-MSENTRY
        ADD     HL,DE
        EX      DE,HL           ; DE = the entry
        LD      A,(IX+PCOUNT)
        DEC     A               ; its index i
        LD      B,A
        RRCA
        RRCA
        RRCA
        AND     1FH             ; i / 8
        LD      HL,DRAWLST
        CP      (HL)
        RET     NC              ; past the bitmap's n bytes
        INC     A
        ADD     A,L             ; DRAWLST's n and bytes lie in one page (ram.asm)
        LD      L,A
        LD      A,B
        AND     7
        INC     A
        LD      B,A             ; i MOD 8 + 1
        LD      A,(HL)
DRWF1:  RRCA
        DJNZ    DRWF1
        RET     NC              ; the bit is clear
DRWF3:  EX      DE,HL
        INC     HL
        INC     HL
        LD      A,(HL)
        OR      DRAWMK
        LD      (HL),A
        XOR     A
        LD      B,4             ; key and maximum
DRWF4:  INC     HL
        LD      (HL),A
        DJNZ    DRWF4
        RET
