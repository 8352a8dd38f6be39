/**
qsdf. **/
