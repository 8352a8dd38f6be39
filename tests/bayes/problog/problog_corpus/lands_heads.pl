% one independent fact per ground instance reached
0.6::lands_heads(_).
coin(c1). coin(c2). coin(c3). coin(c4).
heads(C) :- coin(C), lands_heads(C).
someHeads :- heads(_).
query(someHeads).
query(heads(c2)).
