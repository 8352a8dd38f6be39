% The seven-person family (Popper background).
parent(ann, bob).
parent(bob, cat).
parent(cat, dan).
parent(ann, eve).
parent(eve, fay).
parent(fay, gus).
