# hcat_poincare.gp -- the paper's Fig. 8 (one panel): Poincare section g = pi/4 of the
# homogeneous ball with the cat's toy on a rotating plane (model hcat, spec §10, P3 level).
# Run by hcat_poincare.sh (make figures), which sets dat (the section points) and out.
if (!exists("dat")) dat = "hcat_poincare.dat"
if (!exists("out")) out = "hcat_poincare.png"
set terminal pngcairo size 800,600 font ",11"
set output out
set title "HCAT (paper Fig. 8 parameters), level E_H = -1.1810625: section g = pi/4"
set xlabel "s_2 = U_1 gamma_2 - U_2 gamma_1  [m]"
set ylabel "L = M_3  [kg m^2/s]"
set key off
plot dat using 1:2 with points pt 7 ps 0.4 lc rgb "#1f4e9a"
