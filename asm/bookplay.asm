; bookplay.asm - the opening book in play: which book line the game is in (BOOKPTR, from NEW
; through every move played), and GO's book move, as the reference's analys and Book::next.
;
; NOT IN THE ROM YET: the ROM is 7,905 bytes with the search (287 free), and
; book.asm's data alone is 611 bytes. tests/guest_search_hosted.rs assembles this file with
; book.asm and checks the tracking against Book::next. To put the book in: INCLUDE this file
; and book.asm in main.asm, call BKNEW in RESET and CNEW, BKOFF in CSETUP and CTAKEBK, BKPLAY
; at the start of PLAYMV (D = from, E = to), BKGO instead of GOSRCH in CGO, and set bit 7 of
; BESTMOVE's flags when SRFLAGS has FBOOK.

; ------------------------------------------------------------------------------------------
; BKNEW - a new game starts in the book: BOOKPTR = the first line (0 if the book is empty).
; In: -   Out: BOOKPTR.   Destroys: A, H, L.   Called by: match.asm (NEW, RESET).
; ------------------------------------------------------------------------------------------
BKNEW:  LD      HL,BOOK
        LD      A,(HL)
        OR      A
        JR      NZ,BKN1
        LD      H,A
        LD      L,A
BKN1:   LD      (BOOKPTR),HL
        RET

; ------------------------------------------------------------------------------------------
; BKOFF - the game leaves the book (a set-up position, a take-back).
; In: -   Out: BOOKPTR = 0.   Destroys: H, L.   Called by: match.asm (SETUP, TAKEBACK).
; ------------------------------------------------------------------------------------------
BKOFF:  LD      HL,0
        LD      (BOOKPTR),HL
        RET

; ------------------------------------------------------------------------------------------
; BKPLAY - a move was played: BOOKPTR moves to the first line that has the game's moves so
; far followed by this one and goes on (book.rs `next`); 0 when there is none. BOOKPTR
; points at the next move inside that line; lines before it cannot match any longer game.
; In: D = from, E = to (mailbox squares).   Out: BOOKPTR.
; Destroys: A, B, C, D, E, H, L.   Called by: PLAYMV (match.asm: MOVE and GO).
; ------------------------------------------------------------------------------------------
BKPLAY: PUSH    IY              ; (PLAYMV's callers keep IY)
        CALL    BKPLY0
        POP     IY
        RET
BKPLY0: LD      HL,(BOOKPTR)
        LD      A,H
        OR      L
        RET     Z
        PUSH    DE
        LD      B,0             ; B = bytes of the game so far in the line
BKP1:   PUSH    HL              ; back to the start of the current line
        LD      DE,BOOK
        OR      A
        SBC     HL,DE
        POP     HL
        JR      Z,BKP2
        DEC     HL
        LD      A,(HL)
        OR      A
        INC     HL
        JR      Z,BKP2          ; the end byte of the line before
        DEC     HL
        INC     B
        JR      BKP1
BKP2:   POP     DE              ; HL = line start L0 (also the first candidate P)
        PUSH    HL
        POP     IY              ; IY = L0, the game's moves so far
BKP3:   LD      A,(HL)
        OR      A
        JR      Z,BKOFF         ; the end of the book
        PUSH    HL              ; P
        PUSH    IY
        LD      C,B
        INC     C
BKP4:   DEC     C               ; compare the first B bytes of P and L0
        JR      Z,BKP5
        LD      A,(IY+0)
        CP      (HL)
        INC     HL
        INC     IY
        JR      Z,BKP4
        JR      BKP7            ; differs
BKP5:   LD      A,(HL)
        CP      D
        JR      NZ,BKP7
        INC     HL
        LD      A,(HL)
        CP      E
        JR      NZ,BKP7
        INC     HL
        LD      A,(HL)
        OR      A
        JR      Z,BKP7          ; the line ends here: it gives no next move
        POP     IY
        POP     DE
        LD      (BOOKPTR),HL
        RET
BKP7:   POP     IY
        POP     HL
BKP8:   LD      A,(HL)          ; skip to the next line
        INC     HL
        OR      A
        JR      NZ,BKP8
        JR      BKP3

; ------------------------------------------------------------------------------------------
; BKPROBE - the book's next move for the game, if it is still in the book.
; In: BOOKPTR.   Out: C set, D = from, E = to when there is one; NC when not.
; Destroys: A, H, L.   Called by: GOSRCH.
; ------------------------------------------------------------------------------------------
BKPROBE:
        LD      HL,(BOOKPTR)
        LD      A,H
        OR      L
        RET     Z               ; NC
        LD      D,(HL)
        INC     HL
        LD      E,(HL)
        SCF
        RET

; ------------------------------------------------------------------------------------------
; BKGO - GO with the book: the book move when the game is in the book (FBOOK set, score 0,
; no positions, no passes, as book.rs), else GOSRCH.
; In: BUDGET, BOOKPTR.   Out: as ANALYS; SRFLAGS bit FBOOK when the move came from the book.
; Destroys: all but SP.   Called by: CGO (match.asm) once the book is in the ROM.
; ------------------------------------------------------------------------------------------
BKGO:   CALL    BKPROBE
        JP      NC,GOSRCH
        ; the book move as a legal move: find it in the root list (its flags)
        PUSH    DE
        CALL    POSANA
        CALL    TOTAL
        LD      (ROOTPOS),HL
        LD      (PLYTAB+PPOS),HL
        LD      HL,MOVESTK
        LD      (MSTOP),HL
        XOR     A
        LD      (PLYN),A
        INC     A
        CALL    GENEVAL
        POP     DE
        LD      A,B
        CP      MSCAP+1
        JR      C,BKG1
        LD      B,MSCAP
BKG1:   LD      HL,MOVESTK
BKG2:   LD      A,(HL)
        CP      D
        JR      NZ,BKG3
        INC     HL
        LD      A,(HL)
        DEC     HL
        CP      E
        JR      Z,BKG4
BKG3:   PUSH    DE
        LD      DE,MSENTRY
        ADD     HL,DE
        POP     DE
        DJNZ    BKG2
        CALL    BKOFF           ; not legal here: the game has left the book after all
        JP      GOSRCH
BKG4:   LD      DE,BESTMV       ; from the book: score 0, 0 positions, 0 passes
        LD      BC,3
        LDIR
        LD      HL,BESTMV+2
        LD      A,(HL)
        AND     3FH             ; done and check bits are the move stack's, not the move's
        LD      (HL),A
        LD      HL,0
        LD      (SCORE),HL
        LD      (POSCNT),HL
        LD      (POSCNT+2),HL
        XOR     A
        LD      (PASSES),A
        LD      A,40H           ; FBOOK
        LD      (SRFLAGS),A
        RET

