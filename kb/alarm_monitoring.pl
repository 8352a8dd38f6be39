% The ALARM monitoring network (Beinlich, Suermondt, Chavez & Cooper 1989:
% "The ALARM monitoring system: a case study with two probabilistic inference
% techniques for belief networks"), 37 variables, 46 edges, 509 parameters, in
% ProbLog syntax.
%
% Source: the public BIF file of the bnlearn Bayesian network repository
% (https://www.bnlearn.com/bnrepository/), as shipped offline by pgmpy 1.1.2 in
% pgmpy/utils/example_models/alarm.bif.gz.  Converted by symlearn's
% format_problog(read_bif(...)): one clause per CPT row; variables with states
% TRUE/FALSE became Boolean atoms (history), the others annotated disjunctions
% over a multi-valued atom (cvp(low); cvp(normal); cvp(high)); names and states
% lower-cased; probabilities exactly as in the BIF file.
%
%   symlearn infer kb/alarm_monitoring.pl
%   symlearn infer kb/alarm_monitoring.pl --query history --evidence 'cvp(low)=true' --evidence 'pcwp(low)=true'
%   symlearn infer kb/alarm_monitoring.pl -o alarm_monitoring.svg
0.2::hypovolemia.
0.05::lvfailure.
0.9::history :- lvfailure.
0.01::history :- \+lvfailure.
0.95::lvedvolume(low); 0.04::lvedvolume(normal); 0.01::lvedvolume(high) :- hypovolemia, lvfailure.
0.01::lvedvolume(low); 0.09::lvedvolume(normal); 0.9::lvedvolume(high) :- hypovolemia, \+lvfailure.
0.98::lvedvolume(low); 0.01::lvedvolume(normal); 0.01::lvedvolume(high) :- \+hypovolemia, lvfailure.
0.05::lvedvolume(low); 0.9::lvedvolume(normal); 0.05::lvedvolume(high) :- \+hypovolemia, \+lvfailure.
0.95::cvp(low); 0.04::cvp(normal); 0.01::cvp(high) :- lvedvolume(low).
0.04::cvp(low); 0.95::cvp(normal); 0.01::cvp(high) :- lvedvolume(normal).
0.01::cvp(low); 0.29::cvp(normal); 0.7::cvp(high) :- lvedvolume(high).
0.95::pcwp(low); 0.04::pcwp(normal); 0.01::pcwp(high) :- lvedvolume(low).
0.04::pcwp(low); 0.95::pcwp(normal); 0.01::pcwp(high) :- lvedvolume(normal).
0.01::pcwp(low); 0.04::pcwp(normal); 0.95::pcwp(high) :- lvedvolume(high).
0.98::strokevolume(low); 0.01::strokevolume(normal); 0.01::strokevolume(high) :- hypovolemia, lvfailure.
0.5::strokevolume(low); 0.49::strokevolume(normal); 0.01::strokevolume(high) :- hypovolemia, \+lvfailure.
0.95::strokevolume(low); 0.04::strokevolume(normal); 0.01::strokevolume(high) :- \+hypovolemia, lvfailure.
0.05::strokevolume(low); 0.9::strokevolume(normal); 0.05::strokevolume(high) :- \+hypovolemia, \+lvfailure.
0.05::errlowoutput.
0.1::errcauter.
0.1::insuffanesth.
0.01::anaphylaxis.
0.98::tpr(low); 0.01::tpr(normal); 0.01::tpr(high) :- anaphylaxis.
0.3::tpr(low); 0.4::tpr(normal); 0.3::tpr(high) :- \+anaphylaxis.
0.04::kinkedtube.
0.05::fio2(low); 0.95::fio2(normal).
0.01::pulmembolus.
0.01::pap(low); 0.19::pap(normal); 0.8::pap(high) :- pulmembolus.
0.05::pap(low); 0.9::pap(normal); 0.05::pap(high) :- \+pulmembolus.
0.92::intubation(normal); 0.03::intubation(esophageal); 0.05::intubation(onesided).
0.1::shunt(normal); 0.9::shunt(high) :- intubation(normal), pulmembolus.
0.95::shunt(normal); 0.05::shunt(high) :- intubation(normal), \+pulmembolus.
0.1::shunt(normal); 0.9::shunt(high) :- intubation(esophageal), pulmembolus.
0.95::shunt(normal); 0.05::shunt(high) :- intubation(esophageal), \+pulmembolus.
0.01::shunt(normal); 0.99::shunt(high) :- intubation(onesided), pulmembolus.
0.05::shunt(normal); 0.95::shunt(high) :- intubation(onesided), \+pulmembolus.
0.1::disconnect.
0.05::minvolset(low); 0.9::minvolset(normal); 0.05::minvolset(high).
0.05::ventmach(zero); 0.93::ventmach(low); 0.01::ventmach(normal); 0.01::ventmach(high) :- minvolset(low).
0.05::ventmach(zero); 0.01::ventmach(low); 0.93::ventmach(normal); 0.01::ventmach(high) :- minvolset(normal).
0.05::ventmach(zero); 0.01::ventmach(low); 0.01::ventmach(normal); 0.93::ventmach(high) :- minvolset(high).
0.97::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- disconnect, ventmach(zero).
0.97::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- disconnect, ventmach(low).
0.97::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- disconnect, ventmach(normal).
0.01::venttube(zero); 0.01::venttube(low); 0.97::venttube(normal); 0.01::venttube(high) :- disconnect, ventmach(high).
0.97::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- \+disconnect, ventmach(zero).
0.97::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- \+disconnect, ventmach(low).
0.01::venttube(zero); 0.97::venttube(low); 0.01::venttube(normal); 0.01::venttube(high) :- \+disconnect, ventmach(normal).
0.01::venttube(zero); 0.01::venttube(low); 0.01::venttube(normal); 0.97::venttube(high) :- \+disconnect, ventmach(high).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(normal), kinkedtube, venttube(zero).
0.05::press(zero); 0.25::press(low); 0.25::press(normal); 0.45::press(high) :- intubation(normal), kinkedtube, venttube(low).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(normal), kinkedtube, venttube(normal).
0.2::press(zero); 0.75::press(low); 0.04::press(normal); 0.01::press(high) :- intubation(normal), kinkedtube, venttube(high).
0.01::press(zero); 0.01::press(low); 0.01::press(normal); 0.97::press(high) :- intubation(normal), \+kinkedtube, venttube(zero).
0.01::press(zero); 0.29::press(low); 0.3::press(normal); 0.4::press(high) :- intubation(normal), \+kinkedtube, venttube(low).
0.01::press(zero); 0.01::press(low); 0.01::press(normal); 0.97::press(high) :- intubation(normal), \+kinkedtube, venttube(normal).
0.01::press(zero); 0.9::press(low); 0.08::press(normal); 0.01::press(high) :- intubation(normal), \+kinkedtube, venttube(high).
0.01::press(zero); 0.3::press(low); 0.49::press(normal); 0.2::press(high) :- intubation(esophageal), kinkedtube, venttube(zero).
0.01::press(zero); 0.15::press(low); 0.25::press(normal); 0.59::press(high) :- intubation(esophageal), kinkedtube, venttube(low).
0.01::press(zero); 0.97::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(esophageal), kinkedtube, venttube(normal).
0.2::press(zero); 0.7::press(low); 0.09::press(normal); 0.01::press(high) :- intubation(esophageal), kinkedtube, venttube(high).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(esophageal), \+kinkedtube, venttube(zero).
0.01::press(zero); 0.01::press(low); 0.08::press(normal); 0.9::press(high) :- intubation(esophageal), \+kinkedtube, venttube(low).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(esophageal), \+kinkedtube, venttube(normal).
0.01::press(zero); 0.01::press(low); 0.38::press(normal); 0.6::press(high) :- intubation(esophageal), \+kinkedtube, venttube(high).
0.01::press(zero); 0.01::press(low); 0.08::press(normal); 0.9::press(high) :- intubation(onesided), kinkedtube, venttube(zero).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(onesided), kinkedtube, venttube(low).
0.01::press(zero); 0.01::press(low); 0.97::press(normal); 0.01::press(high) :- intubation(onesided), kinkedtube, venttube(normal).
0.97::press(zero); 0.01::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(onesided), kinkedtube, venttube(high).
0.1::press(zero); 0.84::press(low); 0.05::press(normal); 0.01::press(high) :- intubation(onesided), \+kinkedtube, venttube(zero).
0.01::press(zero); 0.01::press(low); 0.01::press(normal); 0.97::press(high) :- intubation(onesided), \+kinkedtube, venttube(low).
0.4::press(zero); 0.58::press(low); 0.01::press(normal); 0.01::press(high) :- intubation(onesided), \+kinkedtube, venttube(normal).
0.01::press(zero); 0.01::press(low); 0.01::press(normal); 0.97::press(high) :- intubation(onesided), \+kinkedtube, venttube(high).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), kinkedtube, venttube(zero).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), kinkedtube, venttube(low).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), kinkedtube, venttube(normal).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), kinkedtube, venttube(high).
0.3::ventlung(zero); 0.68::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), \+kinkedtube, venttube(zero).
0.95::ventlung(zero); 0.03::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), \+kinkedtube, venttube(low).
0.01::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.97::ventlung(high) :- intubation(normal), \+kinkedtube, venttube(normal).
0.01::ventlung(zero); 0.97::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(normal), \+kinkedtube, venttube(high).
0.95::ventlung(zero); 0.03::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), kinkedtube, venttube(zero).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), kinkedtube, venttube(low).
0.01::ventlung(zero); 0.97::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), kinkedtube, venttube(normal).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), kinkedtube, venttube(high).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), \+kinkedtube, venttube(zero).
0.5::ventlung(zero); 0.48::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), \+kinkedtube, venttube(low).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), \+kinkedtube, venttube(normal).
0.01::ventlung(zero); 0.01::ventlung(low); 0.97::ventlung(normal); 0.01::ventlung(high) :- intubation(esophageal), \+kinkedtube, venttube(high).
0.4::ventlung(zero); 0.58::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), kinkedtube, venttube(zero).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), kinkedtube, venttube(low).
0.01::ventlung(zero); 0.01::ventlung(low); 0.97::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), kinkedtube, venttube(normal).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), kinkedtube, venttube(high).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), \+kinkedtube, venttube(zero).
0.3::ventlung(zero); 0.68::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), \+kinkedtube, venttube(low).
0.97::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.01::ventlung(high) :- intubation(onesided), \+kinkedtube, venttube(normal).
0.01::ventlung(zero); 0.01::ventlung(low); 0.01::ventlung(normal); 0.97::ventlung(high) :- intubation(onesided), \+kinkedtube, venttube(high).
0.97::minvol(zero); 0.01::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(normal), ventlung(zero).
0.01::minvol(zero); 0.01::minvol(low); 0.01::minvol(normal); 0.97::minvol(high) :- intubation(normal), ventlung(low).
0.5::minvol(zero); 0.48::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(normal), ventlung(normal).
0.01::minvol(zero); 0.97::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(normal), ventlung(high).
0.01::minvol(zero); 0.97::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(esophageal), ventlung(zero).
0.97::minvol(zero); 0.01::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(esophageal), ventlung(low).
0.5::minvol(zero); 0.48::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(esophageal), ventlung(normal).
0.01::minvol(zero); 0.01::minvol(low); 0.97::minvol(normal); 0.01::minvol(high) :- intubation(esophageal), ventlung(high).
0.01::minvol(zero); 0.01::minvol(low); 0.97::minvol(normal); 0.01::minvol(high) :- intubation(onesided), ventlung(zero).
0.6::minvol(zero); 0.38::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(onesided), ventlung(low).
0.97::minvol(zero); 0.01::minvol(low); 0.01::minvol(normal); 0.01::minvol(high) :- intubation(onesided), ventlung(normal).
0.01::minvol(zero); 0.01::minvol(low); 0.01::minvol(normal); 0.97::minvol(high) :- intubation(onesided), ventlung(high).
0.97::ventalv(zero); 0.01::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(normal), ventlung(zero).
0.01::ventalv(zero); 0.01::ventalv(low); 0.01::ventalv(normal); 0.97::ventalv(high) :- intubation(normal), ventlung(low).
0.01::ventalv(zero); 0.01::ventalv(low); 0.97::ventalv(normal); 0.01::ventalv(high) :- intubation(normal), ventlung(normal).
0.03::ventalv(zero); 0.95::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(normal), ventlung(high).
0.01::ventalv(zero); 0.97::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(esophageal), ventlung(zero).
0.97::ventalv(zero); 0.01::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(esophageal), ventlung(low).
0.01::ventalv(zero); 0.01::ventalv(low); 0.01::ventalv(normal); 0.97::ventalv(high) :- intubation(esophageal), ventlung(normal).
0.01::ventalv(zero); 0.94::ventalv(low); 0.04::ventalv(normal); 0.01::ventalv(high) :- intubation(esophageal), ventlung(high).
0.01::ventalv(zero); 0.01::ventalv(low); 0.97::ventalv(normal); 0.01::ventalv(high) :- intubation(onesided), ventlung(zero).
0.01::ventalv(zero); 0.97::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(onesided), ventlung(low).
0.97::ventalv(zero); 0.01::ventalv(low); 0.01::ventalv(normal); 0.01::ventalv(high) :- intubation(onesided), ventlung(normal).
0.01::ventalv(zero); 0.88::ventalv(low); 0.1::ventalv(normal); 0.01::ventalv(high) :- intubation(onesided), ventlung(high).
1.0::pvsat(low); 0.0::pvsat(normal); 0.0::pvsat(high) :- fio2(low), ventalv(zero).
0.95::pvsat(low); 0.04::pvsat(normal); 0.01::pvsat(high) :- fio2(low), ventalv(low).
1.0::pvsat(low); 0.0::pvsat(normal); 0.0::pvsat(high) :- fio2(low), ventalv(normal).
0.01::pvsat(low); 0.95::pvsat(normal); 0.04::pvsat(high) :- fio2(low), ventalv(high).
0.99::pvsat(low); 0.01::pvsat(normal); 0.0::pvsat(high) :- fio2(normal), ventalv(zero).
0.95::pvsat(low); 0.04::pvsat(normal); 0.01::pvsat(high) :- fio2(normal), ventalv(low).
0.95::pvsat(low); 0.04::pvsat(normal); 0.01::pvsat(high) :- fio2(normal), ventalv(normal).
0.01::pvsat(low); 0.01::pvsat(normal); 0.98::pvsat(high) :- fio2(normal), ventalv(high).
0.98::sao2(low); 0.01::sao2(normal); 0.01::sao2(high) :- pvsat(low), shunt(normal).
0.98::sao2(low); 0.01::sao2(normal); 0.01::sao2(high) :- pvsat(low), shunt(high).
0.01::sao2(low); 0.98::sao2(normal); 0.01::sao2(high) :- pvsat(normal), shunt(normal).
0.98::sao2(low); 0.01::sao2(normal); 0.01::sao2(high) :- pvsat(normal), shunt(high).
0.01::sao2(low); 0.01::sao2(normal); 0.98::sao2(high) :- pvsat(high), shunt(normal).
0.69::sao2(low); 0.3::sao2(normal); 0.01::sao2(high) :- pvsat(high), shunt(high).
0.01::artco2(low); 0.01::artco2(normal); 0.98::artco2(high) :- ventalv(zero).
0.01::artco2(low); 0.01::artco2(normal); 0.98::artco2(high) :- ventalv(low).
0.04::artco2(low); 0.92::artco2(normal); 0.04::artco2(high) :- ventalv(normal).
0.9::artco2(low); 0.09::artco2(normal); 0.01::artco2(high) :- ventalv(high).
0.97::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(low), ventlung(zero).
0.01::expco2(zero); 0.97::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(low), ventlung(low).
0.01::expco2(zero); 0.01::expco2(low); 0.97::expco2(normal); 0.01::expco2(high) :- artco2(low), ventlung(normal).
0.01::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.97::expco2(high) :- artco2(low), ventlung(high).
0.01::expco2(zero); 0.97::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(normal), ventlung(zero).
0.97::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(normal), ventlung(low).
0.01::expco2(zero); 0.01::expco2(low); 0.97::expco2(normal); 0.01::expco2(high) :- artco2(normal), ventlung(normal).
0.01::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.97::expco2(high) :- artco2(normal), ventlung(high).
0.01::expco2(zero); 0.97::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(high), ventlung(zero).
0.01::expco2(zero); 0.01::expco2(low); 0.97::expco2(normal); 0.01::expco2(high) :- artco2(high), ventlung(low).
0.97::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.01::expco2(high) :- artco2(high), ventlung(normal).
0.01::expco2(zero); 0.01::expco2(low); 0.01::expco2(normal); 0.97::expco2(high) :- artco2(high), ventlung(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), insuffanesth, sao2(low), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), insuffanesth, sao2(low), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(low), insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), insuffanesth, sao2(normal), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), insuffanesth, sao2(normal), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(low), insuffanesth, sao2(normal), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), insuffanesth, sao2(high), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), insuffanesth, sao2(high), tpr(normal).
0.95::catechol(normal); 0.05::catechol(high) :- artco2(low), insuffanesth, sao2(high), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), \+insuffanesth, sao2(low), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), \+insuffanesth, sao2(low), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(low), \+insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(low), \+insuffanesth, sao2(normal), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), \+insuffanesth, sao2(normal), tpr(normal).
0.95::catechol(normal); 0.05::catechol(high) :- artco2(low), \+insuffanesth, sao2(normal), tpr(high).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), \+insuffanesth, sao2(high), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(low), \+insuffanesth, sao2(high), tpr(normal).
0.95::catechol(normal); 0.05::catechol(high) :- artco2(low), \+insuffanesth, sao2(high), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), insuffanesth, sao2(low), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), insuffanesth, sao2(low), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(normal), insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), insuffanesth, sao2(normal), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), insuffanesth, sao2(normal), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(normal), insuffanesth, sao2(normal), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), insuffanesth, sao2(high), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), insuffanesth, sao2(high), tpr(normal).
0.99::catechol(normal); 0.01::catechol(high) :- artco2(normal), insuffanesth, sao2(high), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), \+insuffanesth, sao2(low), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), \+insuffanesth, sao2(low), tpr(normal).
0.7::catechol(normal); 0.3::catechol(high) :- artco2(normal), \+insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(normal), \+insuffanesth, sao2(normal), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), \+insuffanesth, sao2(normal), tpr(normal).
0.99::catechol(normal); 0.01::catechol(high) :- artco2(normal), \+insuffanesth, sao2(normal), tpr(high).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), \+insuffanesth, sao2(high), tpr(low).
0.05::catechol(normal); 0.95::catechol(high) :- artco2(normal), \+insuffanesth, sao2(high), tpr(normal).
0.99::catechol(normal); 0.01::catechol(high) :- artco2(normal), \+insuffanesth, sao2(high), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(low), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(low), tpr(normal).
0.1::catechol(normal); 0.9::catechol(high) :- artco2(high), insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(normal), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(normal), tpr(normal).
0.1::catechol(normal); 0.9::catechol(high) :- artco2(high), insuffanesth, sao2(normal), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(high), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), insuffanesth, sao2(high), tpr(normal).
0.3::catechol(normal); 0.7::catechol(high) :- artco2(high), insuffanesth, sao2(high), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(low), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(low), tpr(normal).
0.1::catechol(normal); 0.9::catechol(high) :- artco2(high), \+insuffanesth, sao2(low), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(normal), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(normal), tpr(normal).
0.3::catechol(normal); 0.7::catechol(high) :- artco2(high), \+insuffanesth, sao2(normal), tpr(high).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(high), tpr(low).
0.01::catechol(normal); 0.99::catechol(high) :- artco2(high), \+insuffanesth, sao2(high), tpr(normal).
0.3::catechol(normal); 0.7::catechol(high) :- artco2(high), \+insuffanesth, sao2(high), tpr(high).
0.05::hr(low); 0.9::hr(normal); 0.05::hr(high) :- catechol(normal).
0.01::hr(low); 0.09::hr(normal); 0.9::hr(high) :- catechol(high).
0.98::hrbp(low); 0.01::hrbp(normal); 0.01::hrbp(high) :- errlowoutput, hr(low).
0.3::hrbp(low); 0.4::hrbp(normal); 0.3::hrbp(high) :- errlowoutput, hr(normal).
0.01::hrbp(low); 0.98::hrbp(normal); 0.01::hrbp(high) :- errlowoutput, hr(high).
0.4::hrbp(low); 0.59::hrbp(normal); 0.01::hrbp(high) :- \+errlowoutput, hr(low).
0.98::hrbp(low); 0.01::hrbp(normal); 0.01::hrbp(high) :- \+errlowoutput, hr(normal).
0.01::hrbp(low); 0.01::hrbp(normal); 0.98::hrbp(high) :- \+errlowoutput, hr(high).
0.33333333333333337::hrekg(low); 0.33333333333333337::hrekg(normal); 0.33333333333333337::hrekg(high) :- errcauter, hr(low).
0.33333333333333337::hrekg(low); 0.33333333333333337::hrekg(normal); 0.33333333333333337::hrekg(high) :- errcauter, hr(normal).
0.01::hrekg(low); 0.98::hrekg(normal); 0.01::hrekg(high) :- errcauter, hr(high).
0.33333333333333337::hrekg(low); 0.33333333333333337::hrekg(normal); 0.33333333333333337::hrekg(high) :- \+errcauter, hr(low).
0.98::hrekg(low); 0.01::hrekg(normal); 0.01::hrekg(high) :- \+errcauter, hr(normal).
0.01::hrekg(low); 0.01::hrekg(normal); 0.98::hrekg(high) :- \+errcauter, hr(high).
0.33333333333333337::hrsat(low); 0.33333333333333337::hrsat(normal); 0.33333333333333337::hrsat(high) :- errcauter, hr(low).
0.33333333333333337::hrsat(low); 0.33333333333333337::hrsat(normal); 0.33333333333333337::hrsat(high) :- errcauter, hr(normal).
0.01::hrsat(low); 0.98::hrsat(normal); 0.01::hrsat(high) :- errcauter, hr(high).
0.33333333333333337::hrsat(low); 0.33333333333333337::hrsat(normal); 0.33333333333333337::hrsat(high) :- \+errcauter, hr(low).
0.98::hrsat(low); 0.01::hrsat(normal); 0.01::hrsat(high) :- \+errcauter, hr(normal).
0.01::hrsat(low); 0.01::hrsat(normal); 0.98::hrsat(high) :- \+errcauter, hr(high).
0.98::co(low); 0.01::co(normal); 0.01::co(high) :- hr(low), strokevolume(low).
0.95::co(low); 0.04::co(normal); 0.01::co(high) :- hr(low), strokevolume(normal).
0.3::co(low); 0.69::co(normal); 0.01::co(high) :- hr(low), strokevolume(high).
0.95::co(low); 0.04::co(normal); 0.01::co(high) :- hr(normal), strokevolume(low).
0.04::co(low); 0.95::co(normal); 0.01::co(high) :- hr(normal), strokevolume(normal).
0.01::co(low); 0.3::co(normal); 0.69::co(high) :- hr(normal), strokevolume(high).
0.8::co(low); 0.19::co(normal); 0.01::co(high) :- hr(high), strokevolume(low).
0.01::co(low); 0.04::co(normal); 0.95::co(high) :- hr(high), strokevolume(normal).
0.01::co(low); 0.01::co(normal); 0.98::co(high) :- hr(high), strokevolume(high).
0.98::bp(low); 0.01::bp(normal); 0.01::bp(high) :- co(low), tpr(low).
0.98::bp(low); 0.01::bp(normal); 0.01::bp(high) :- co(low), tpr(normal).
0.3::bp(low); 0.6::bp(normal); 0.1::bp(high) :- co(low), tpr(high).
0.98::bp(low); 0.01::bp(normal); 0.01::bp(high) :- co(normal), tpr(low).
0.1::bp(low); 0.85::bp(normal); 0.05::bp(high) :- co(normal), tpr(normal).
0.05::bp(low); 0.4::bp(normal); 0.55::bp(high) :- co(normal), tpr(high).
0.9::bp(low); 0.09::bp(normal); 0.01::bp(high) :- co(high), tpr(low).
0.05::bp(low); 0.2::bp(normal); 0.75::bp(high) :- co(high), tpr(normal).
0.01::bp(low); 0.09::bp(normal); 0.9::bp(high) :- co(high), tpr(high).
evidence(hrbp(high), true).
evidence(bp(low), true).
evidence(cvp(high), true).
query(lvfailure).
query(hypovolemia).
query(history).
