% A family of seven people over three generations.
parent(ann, bob).
parent(bob, cat).
parent(cat, dan).
parent(ann, eve).
parent(eve, fay).
parent(fay, gus).
