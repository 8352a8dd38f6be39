mother(ann, bob).
mother(ann, cat).
mother(cat, dan).
mother(eve, fay).
father(tom, bob).
father(tom, cat).
father(bob, gus).
father(gus, hal).
male(bob). male(tom). male(dan). male(gus). male(hal).
female(ann). female(cat). female(eve). female(fay).
