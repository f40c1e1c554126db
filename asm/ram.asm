; ram.asm - the module's 2 KB of RAM, 0E000H-0E7FFH: every variable and buffer, in one place.
; The stack grows down from the top (0E800H). docs/engine.md has the RAM plan and the
; meaning of every buffer; keep the two in step. Each block starts where the previous ends,
; so a buffer that grows moves everything after it and the total is checked at the end.

RAMBASE EQU     0E000H          ; first byte of RAM
RAMTOP  EQU     0E800H          ; one past the last byte: the initial stack pointer
STACKSZ EQU     100             ; bytes kept for the stack (no recursion; a search uses 82)

; --- latch link (proto.asm) ---------------------------------------------------------------
LNKTX   EQU     RAMBASE         ; SEQ of the last unit we sent, as bit 7 (80H or 00H)
LNKRX   EQU     LNKTX+1         ; SEQ of the last unit we received, as bit 7 (80H or 00H)
LNKOUT  EQU     LNKRX+1         ; the value our latch holds now
MSGMAX  EQU     72              ; longest payload a message may carry (STATE: 72, SETUP: 70)
MSGBUF  EQU     LNKOUT+1        ; one message: type, length, payload (MSGMAX bytes)

; EXCH (exchange.asm) borrows MSGBUF while EVAL runs: no message is built or received then
; (the search only peeks at the latch). CANDS puts its two candidate lists there, each
; entry 2 bytes (square, units), each after a sentinel byte (0FFH units of an entry -1).
MLIST   EQU     MSGBUF+1        ; M's attacked pieces, up to 15 entries (the sentinel at MSGBUF)
SLIST   EQU     MLIST+31        ; S's attacked pieces, up to 15 entries
MLEND   EQU     SLIST+30        ; LOW of one past MLIST's last entry
SLEND   EQU     MLEND+1         ; LOW of one past SLIST's last entry (the byte after MLEND)
BESTSQ  EQU     SLEND+1         ; the square of S's best exchange so far (EXCHS)
CANDNIL EQU     256*(SLIST MOD 256)+(MLIST MOD 256)     ; MLEND, SLEND of empty lists
; and GENEVAL (node.asm) keeps a leaf list's cutoff there while the list is evaluated:
LEAFCUT EQU     BESTSQ+1        ; minus the parent node's best (word), INF when none
LEAFDONE EQU    LEAFCUT+2       ; non-zero once the list's best minimum reached LEAFCUT
; and DELTAK (positional.asm) the points of a batch's moving piece on its from-square:
DLTSQ   EQU     LEAFDONE+1      ; that from-square, 0 = none (TGPAR clears it; the tests' EVALMOVE too)
DLTV    EQU     DLTSQ+1         ; minus its white-view points
; and PASS (search.asm) the line it follows, for the whole pass (set when the pass starts,
; after the last pass's INFO; the search sends no message and receives none until it ends):
FOLLOW  EQU     DLTV+1          ; ply of the node on the last pass's line that has not chosen
                                ; yet; 0FFH off the line, 40H in a hunt (LINE, search.asm)
        IF      (FOLLOW-MSGBUF) > (MSGMAX+1)
        ERROR: the candidate lists of EXCH do not fit in MSGBUF
        ENDIF
        IF      (HIGH MSGBUF) - (HIGH LEAFDONE)
        ERROR: the candidate lists of EXCH must lie in one 256-byte page
        ENDIF

; --- board and game state (board.asm) -------------------------------------------------------
BOARD   EQU     MSGBUF+2+MSGMAX ; 10x12 mailbox, square = 21 + file + 10 * rank, border 0FFH
SIDE    EQU     BOARD+120       ; side to move: 00H white, 80H black
CASTLE  EQU     SIDE+1          ; castling rights: bit 0 K, 1 Q, 2 k, 3 q
EPSQ    EQU     CASTLE+1        ; en-passant target square, 0 = none
HALFMV  EQU     EPSQ+1          ; half-move clock (saturating)
FULLMV  EQU     HALFMV+1        ; full-move number (word)
WKING   EQU     FULLMV+2        ; white king's square
BKING   EQU     WKING+1         ; black king's square
MATERL  EQU     BKING+1         ; material white minus black in units (word, kings excluded),
                                ; BPAIR units to a side with two bishops or more
BISHOPS EQU     MATERL+2        ; bishops on the board: white's, then black's

; --- game history for TAKEBACK (match.asm) ------------------------------------------------------
HISTMAX EQU     2               ; plies kept: deeper takebacks are SETUP + replay on the console
HISTENT EQU     5               ; bytes per ply: the move and its undo record packed (match.asm)
HISTN   EQU     BISHOPS+2       ; plies held, 0..HISTMAX
HISTBUF EQU     HISTN+1         ; HISTMAX entries, oldest first

; --- positional tables (positional.asm) ------------------------------------------------------
PAWNTAB EQU     HISTBUF+HISTENT*HISTMAX       ; pawn points, 2 x 48 (white, black; a2-h7)
ROOKFIL EQU     PAWNTAB+96      ; rook file points, 2 x 8

; --- search variables (search.asm) -----------------------------------------------------------
ENDGAME EQU     ROOKFIL+16      ; non-zero in the endgame (and the hunt: POSANA)
ROOTPOS EQU     ENDGAME+1       ; positional sum at the root (word)
POSCNT  EQU     ROOTPOS+2       ; positions evaluated (4 bytes)
BUDGET  EQU     POSCNT+4        ; position budget (4 bytes)
MSTOP   EQU     BUDGET+4        ; first free move-stack entry (word)
DEPTHN  EQU     MSTOP+2         ; depth of the current pass
PASSN   EQU     DEPTHN+1        ; passes completed
PLYN    EQU     PASSN+1         ; current ply (ANALYS clears PASSN and PLYN as one word)
LEVEL   EQU     PLYN+1          ; playing level 1-6
; PERFT borrows three search variables (perft and the search never run at the same time):
PFTCNT  EQU     POSCNT          ; perft: leaves counted (4 bytes)
PFTDEP  EQU     DEPTHN          ; perft: plies still to go below the current node
; and MSTOP: perft keeps one 7-byte frame per ply (move, undo record) on the move stack.
MAXDPTH EQU     11              ; the deepest pass, in plies (passes 3, 4, 5, ... 11)
FIRSTD  EQU     3               ; the first pass's plies: pass n searches FIRSTD + n - 1
FILTPAS EQU     3               ; passes 1-3 filter their lists (NODEHF): plies 3-5, the
                                ; reference's FILTER_DEPTH (tests/guest/search.rs checks both)
PVPLIES EQU     8               ; nodes at this ply or deeper keep no PV (PVTAB's rows, CLIMB)
PLYTAB  EQU     LEVEL+1         ; MAXDPTH ply records x 16 bytes: plies 0-10 (a pass of 11
                                ; plies evaluates its last list at ply 10; nothing is made there)
; A ply record (search.asm; node.asm and eval.asm read the running best and the sum):
PFIRST  EQU     0               ; address of the node's first move-stack entry (word)
PCOUNT  EQU     2               ; entries in the node's list
PALPHA  EQU     3               ; alpha (word)
PBETA   EQU     5               ; beta (word)
PBEST   EQU     7               ; best final evaluation so far (word), NONE before any
PCUR    EQU     9               ; index of the move being explored
PUNDO   EQU     10              ; undo record of that move (4 bytes)
PPOS    EQU     14              ; positional sum at the node, white view (word)
PLYSIZE EQU     16
GOFLAGS EQU     PLYTAB+PLYSIZE*MAXDPTH ; the last GO's flags byte (protocol 2; 0 for the short forms)
PVTAB   EQU     GOFLAGS+1       ; triangular PV: row n holds 8-n moves, 36 x 3 bytes
; GO's draw moves (CGO) wait in PVTAB until the root list is built and marked (DRWFIX, while
; SRFLAGS has FDRAW); the PV is written only afterwards. EXCH borrows MSGBUF meanwhile.
DRWBYT  EQU     19              ; bytes of GO's draw bitmap: one bit per root-list entry, MSCAP
                                ; (DRAW_BYTES in src/reference/search/draws.rs)
DRAWLST EQU     PVTAB           ; its length n, then n bytes: bit i MOD 8 of byte i / 8 marks
                                ; the root list's entry i (CGO copies GOFLAGS and DRAWLST from
                                ; GO's payload in one go)
PVLEN   EQU     PVTAB+108       ; PV length per ply, MAXDPTH bytes (EXMOVE clears the child's)

; --- exchange analysis (exchange.asm) ---------------------------------------------------------
EXMAX   EQU     16              ; entries a list holds: a side's pieces, at most 16 (SETMAT),
                                ; so no list is tested for overflow (COLINS). SKEWHIT's king
                                ; can make a 17th attacker: it spills into SWAPLST, which
                                ; must follow ATTLST (scratch there; COLINS says more)
; 12 bytes of pad before ATTCNT put DEFCNT..DEFLST in one page (COLINS's guard; PAWNTAB's 32
; bytes freed on 2026-12-02 moved everything below); CURREC (node.asm) takes two of them.
CURREC  EQU     PVLEN+MAXDPTH   ; GENEVAL's PLYTAB record, for NODEHK and EVALKID (word)
ATTCNT  EQU     CURREC+12       ; entries in ATTLST (COLINS finds it at ATTLST-1)
ATTLST  EQU     ATTCNT+1        ; attackers: EXMAX entries x 3 bytes (key, units, square)
SWAPLST EQU     ATTLST+3*EXMAX  ; swap gains: 32 words (a swap has at most 31 captures);
                                ; between the two lists so that each lies in one page
DEFCNT  EQU     SWAPLST+64      ; entries in DEFLST (at DEFLST-1)
DEFLST  EQU     DEFCNT+1        ; defenders: EXMAX entries x 3 bytes
; A square map has one bit per board byte of the 64 squares, indexed by the byte's address:
; byte LOW / 8 - MAPLO, bit LOW mod 8 (no table lookup for the square's rank and file).
MAPLO   EQU     ((BOARD MOD 256)+21)/8          ; a1's map byte
MAPSZ   EQU     ((BOARD MOD 256)+98)/8-MAPLO+1  ; up to h8's: 10 or 11 bytes
PINMAP  EQU     DEFLST+3*EXMAX  ; pinned pieces (MAPSZ bytes)
BUSYMAP EQU     PINMAP+MAPSZ    ; pinned or busy (MAPSZ bytes)
SKIPON  EQU     BUSYMAP+MAPSZ   ; COLBOTH's skip map: LOW PINMAP, LOW BUSYMAP, 0 = none
SKEWCK  EQU     SKIPON+1        ; non-zero when PINS saw a king checked by a slider on a line
                                ; (PINS clears both with one word, and PINMAP with six)
TGTMAP  EQU     SKEWCK+1        ; EXCH's candidate targets, one bit per square (targets.asm)
PARMAP  EQU     TGTMAP+8        ; the attacked pieces of the batch's parent (TGPAR)
PARF    EQU     PARMAP+8        ; PARMAP + what a slider sees through TGFROM (TGLINES)
TGFROM  EQU     PARF+8          ; the from-square PARF is for, 0 = none
TGKIDS  EQU     TGFROM+1        ; non-zero: EVALKID evaluates a child of PARMAP's position;
TGLEAF  EQU     2               ; its bit: ... at a leaf of the pass (min only, GENEVAL)

; The exchange code walks the bit maps with 8-bit pointers, as it does the board.
        IF      (HIGH PINMAP) - (HIGH (BUSYMAP+MAPSZ-1))
        ERROR: PINMAP and BUSYMAP must lie in one 256-byte page
        ENDIF
        IF      (HIGH TGTMAP) - (HIGH (TGTMAP+7))
        ERROR: TGTMAP must lie in one 256-byte page (MARKT sets H once)
        ENDIF

; --- result and book (match.asm, book.asm) ----------------------------------------------------
BESTMV  EQU     TGKIDS+1        ; best move: from, to, flags
SCORE   EQU     BESTMV+3        ; its score (word)
PASSES  EQU     SCORE+2         ; passes completed for it
BOOKPTR EQU     PASSES+1        ; position in the opening book (word), 0 = out of book
SRFLAGS EQU     BOOKPTR+2       ; search control: poll, INFO, book move, stopped (search.asm)
LEGPIN  EQU     SRFLAGS+1       ; the batch's pinned pieces, 0 = in check (LEGPAR, board.asm)

; --- the move stack (gen.asm, search.asm) ------------------------------------------------------
MSENTRY EQU     7               ; bytes per entry: from, to, flags, key (word), max (word)
MSCAP   EQU     150             ; entries (= MOVE_CAP in src/reference/search/mod.rs)
MOVESTK EQU     LEGPIN+2        ; MSCAP entries
; SETUP (match.asm) counts a position's pieces at the bottom of the idle move stack, where
; it keeps the old position once the counts are done:
SETCNT  EQU     MOVESTK         ; one count per wire piece code 0-15 (CSETUP, SETSCAN)
RAMUSED EQU     MOVESTK+MSENTRY*MSCAP ; first byte after the data: the stack lives above

MSEND   EQU     RAMUSED         ; one past the last move-stack entry

        IF      (BOARD MOD 256) > 256-120
        ERROR: the board must lie in one 256-byte page (board.asm sets H once)
        ENDIF
        IF      (HIGH DRAWLST) - (HIGH (DRAWLST+DRWBYT))
        ERROR: DRAWLST must lie in one 256-byte page (DRWFIX adds to its low byte)
        ENDIF
        IF      8*DRWBYT < MSCAP
        ERROR: the draw bitmap must cover every root-list entry
        ENDIF
        IF      (HIGH PVTAB) - (HIGH PVLEN)
        ERROR: row 0 of PVTAB and PVLEN must lie in one 256-byte page (LINE sets only L)
        ENDIF
        IF      RAMUSED > RAMTOP-STACKSZ
        ERROR: the RAM plan does not leave STACKSZ bytes for the stack
        ENDIF
        IF      (HIGH SETCNT) - (HIGH (SETCNT+15))
        ERROR: SETCNT must lie in one 256-byte page (SETSCAN adds a code to its low byte)
        ENDIF
