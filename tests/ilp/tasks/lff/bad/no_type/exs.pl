pos(last([a], a)).
pos(last([b, a], a)).
pos(last([c, b, d], d)).
pos(last([e, e, f, g], g)).
pos(last([1, 2, 3, 4, 5], 5)).
neg(last([a, b], a)).
neg(last([c, b, d], c)).
neg(last([c, b, d], b)).
neg(last([e, e, f, g], f)).
neg(last([1, 2, 3, 4, 5], 4)).
neg(last([x], y)).
