; bookplay.asm - the opening book in play (book.asm has the format): where the game is in the
; book's tree (BOOKPTR, from NEW through every move played), and GO's book move, as the
; reference's analys and Book::next.
;
; BOOKPTR points at the list of moves the book knows in the position on the board (0: the
; game has left the book). NEW starts at BOOK; each move played is looked up in that list by
; its index in the legal-move list (the book's own coding, so no squares are compared);
; SETUP and TAKEBACK leave the book for the rest of the game.

; ------------------------------------------------------------------------------------------
; BKNEW - a new game starts in the book: BOOKPTR = the first list.
; BKOFF - the game leaves the book (a set-up position, a take-back): BOOKPTR = 0.
; In: -   Out: BOOKPTR.   Destroys: H, L.   Called by: NEWGAME (board.asm); CSETUP, CTAKEBK.
; ------------------------------------------------------------------------------------------
BKNEW:  LD      HL,BOOK
        JR      BKSET
BKOFF:  LD      HL,0
BKSET:  LD      (BOOKPTR),HL
        RET

; ------------------------------------------------------------------------------------------
; BKPLAY - a move is played: BOOKPTR moves to the replies the book has for it (book.rs
; `next`); 0 when the move is not in the list or the line ends with it. A list's moves are
; separated by their replies, which are skipped: a subtree ends where as many BLAST flags as
; BGOES flags have been read (each BGOES opens one list, each list ends with one BLAST).
; In: A = the move's index in the legal-move list of the position before it (MOVLIST).
; Out: BOOKPTR.   Destroys: A, D, E.   Called by: PLAYER (match.asm), BKGO.
; ------------------------------------------------------------------------------------------
BKPLAY: PUSH    HL
        LD      D,A
        LD      HL,(BOOKPTR)
        LD      A,H
        OR      L
        JR      Z,BKPL9         ; out of the book already
BKPL1:  LD      A,(HL)          ; the next move of the list
        INC     HL
        LD      E,A
        AND     3FH
        CP      D
        JR      Z,BKPL6
        BIT     6,E
        JR      NZ,BKPL8        ; the list's last move: the game leaves the book
        DEC     HL              ; skip this move and its replies
        LD      E,0             ; E = BGOES flags read - BLAST flags read
BKPL2:  LD      A,(HL)
        INC     HL
        RLA                     ; carry: BGOES
        JR      NC,BKPL3
        INC     E
BKPL3:  RLA                     ; carry: BLAST
        JR      NC,BKPL4
        DEC     E
BKPL4:  INC     E
        DEC     E
        JR      NZ,BKPL2
        JR      BKPL1
BKPL6:  BIT     7,E
        JR      NZ,BKPL9        ; the line goes on: HL = the replies
BKPL8:  LD      HL,0
BKPL9:  LD      (BOOKPTR),HL
        POP     HL
        RET

; ------------------------------------------------------------------------------------------
; BKGO - GO with the book: while the game is in the book, the first move of its list (score
; 0, no positions, no passes, SRFLAGS = FBOOK only, as book.rs); else GOSRCH.
; In: BUDGET, BOOKPTR, the root list from MOVESTK (CGO's MOVLIST, in GEN order).
; Out: as ANALYS; SRFLAGS bit FBOOK when the move came from the book.
; Destroys: all but SP.   Called by: CGO (match.asm).
; ------------------------------------------------------------------------------------------
BKGO:   LD      HL,(BOOKPTR)
        LD      A,H
        OR      L
        JP      Z,GOSRCH
        LD      A,(HL)
        AND     3FH             ; the book's move: this entry of the root list
        PUSH    AF
        CALL    BKPLAY          ; the game follows it (BKPLAY finds it first in the list)
        POP     AF
        LD      HL,MOVESTK
        LD      DE,MSENTRY
        INC     A
        JR      BKGO2
BKGO1:  ADD     HL,DE
BKGO2:  DEC     A
        JR      NZ,BKGO1
        LD      DE,BESTMV       ; from, to, flags
        LD      BC,3
        LDIR
        LD      H,B             ; BC = 0 after LDIR: score 0, 0 positions, 0 passes
        LD      L,C
        LD      (SCORE),HL
        LD      (POSCNT),HL
        LD      (POSCNT+2),HL
        LD      (PASSES),A      ; A = 0
        LD      A,40H           ; 1 << FBOOK
        LD      (SRFLAGS),A
        RET
