# Raumschach perft by a second, independent implementation, written from
# RULINGS.md §7 alone (no code shared with chess3d): 61, 3,615, 237,316
# and 15,587,032 at depths 1 to 4. The raumschach_rules tests run it to
# depth 3 (about ten seconds) and compare with chess3d's perft; its depth
# 4 (an hour) runs in scripts/test-long. `python3
# scripts/reference/raumschach_perft.py DEPTH` prints a line a depth.
import itertools, sys
N=5
def inb(c): return all(0<=v<N for v in c)
def add(a,b): return (a[0]+b[0],a[1]+b[1],a[2]+b[2])
ALL=[d for d in itertools.product([-1,0,1],repeat=3) if d!=(0,0,0)]
ROOK=[d for d in ALL if sum(map(abs,d))==1]
BISHOP=[d for d in ALL if sum(map(abs,d))==2]
UNI=[d for d in ALL if sum(map(abs,d))==3]
KN=set()
for p in itertools.permutations((0,1,2)):
    for s in itertools.product([-1,1],repeat=3):
        KN.add(tuple(a*b for a,b in zip(p,s)))
KN=list(KN)
SL={'R':ROOK,'B':BISHOP,'U':UNI,'Q':ALL}
def parse(fen):
    place,side=fen.split()[:2]
    board={}
    for z,lvl in enumerate(place.split('|')):
        for ri,rank in enumerate(lvl.split('/')):
            y=4-ri; x=0
            for ch in rank:
                if ch.isdigit(): x+=int(ch)
                else: board[(x,y,z)]=ch; x+=1
    return board, side
def white(p): return p.isupper()
def attacked(board, sq, by_white):
    # is sq attacked by side by_white
    for d in ALL:
        c=add(sq,d)
        if inb(c) and c in board:
            p=board[c]
            if white(p)==by_white and p.upper()=='K': return True
    for d in KN:
        c=add(sq,d)
        if inb(c) and board.get(c) and white(board[c])==by_white and board[c].upper()=='N': return True
    for d in ALL:
        c=sq
        while True:
            c=add(c,d)
            if not inb(c): break
            if c in board:
                p=board[c]
                if white(p)==by_white:
                    u=p.upper()
                    n=sum(map(abs,d))
                    if u=='Q' or (u=='R' and n==1) or (u=='B' and n==2) or (u=='U' and n==3): return True
                break
    # pawns: a white pawn at q attacks q+(±1,1,0),(±1,0,1),(0,1,1)
    caps=[(1,1,0),(-1,1,0),(1,0,1),(-1,0,1),(0,1,1)]
    for cd in caps:
        if by_white: q=(sq[0]-cd[0],sq[1]-cd[1],sq[2]-cd[2])
        else: q=(sq[0]-cd[0],sq[1]+cd[1],sq[2]+cd[2])
        if inb(q) and board.get(q)==('P' if by_white else 'p'): return True
    return False
def moves(board, w):
    out=[]
    for sq,p in list(board.items()):
        if white(p)!=w: continue
        u=p.upper()
        def tgt(c, mode='both'):
            if not inb(c): return False
            q=board.get(c)
            if q is None:
                if mode!='cap': out.append((sq,c,None))
                return True
            if white(q)!=w and mode!='move': out.append((sq,c,None))
            return False
        if u=='K':
            for d in ALL: tgt(add(sq,d))
        elif u=='N':
            for d in KN: tgt(add(sq,d))
        elif u in SL:
            for d in SL[u]:
                c=sq
                while True:
                    c=add(c,d)
                    if not tgt(c): break
        elif u=='P':
            f=1 if w else -1
            for d in [(0,f,0),(0,0,f)]:
                c=add(sq,d)
                if inb(c) and c not in board: out.append((sq,c,None))
            for d in [(1,f,0),(-1,f,0),(1,0,f),(-1,0,f),(0,f,f)]:
                c=add(sq,d)
                if inb(c) and c in board and white(board[c])!=w: out.append((sq,c,None))
    # promotions
    res=[]
    for (a,b,_) in out:
        p=board[a]
        if p.upper()=='P' and ((w and b[1]==4 and b[2]==4) or (not w and b[1]==0 and b[2]==0)):
            for k in 'QRBNU': res.append((a,b,k if w else k.lower()))
        else: res.append((a,b,None))
    legal=[]
    for m in res:
        nb=dict(board); p=nb.pop(m[0]); nb[m[1]]=m[2] or p
        k=[s for s,q in nb.items() if q==('K' if w else 'k')][0]
        if not attacked(nb,k,not w): legal.append(m)
    return legal
def perft(board,w,d):
    ms=moves(board,w)
    if d==1: return len(ms)
    t=0
    for m in ms:
        nb=dict(board); p=nb.pop(m[0]); nb[m[1]]=m[2] or p
        t+=perft(nb,not w,d-1)
    return t
b,s=parse("5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5/5 w - - 0 1")
for d in range(1,int(sys.argv[1])+1): print(d, perft(b,True,d), flush=True)
