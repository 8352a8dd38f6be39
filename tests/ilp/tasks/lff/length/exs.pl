pos(len([], 0)).
pos(len([a], 1)).
pos(len([b, a], 2)).
pos(len([c, b, a, d], 4)).
pos(len([a, a, a, a, a], 5)).
neg(len([], 1)).
neg(len([a], 0)).
neg(len([b, a], 1)).
neg(len([c, b, a, d], 3)).
neg(len([c, b, a], 4)).
