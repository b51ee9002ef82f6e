# hh_substitution.gp -- "when substituting a constraint into the Lagrangian is wrong"
# (shared/models/wheeled-vehicles.md §1.5-1.6; Borisov, Kilin & Mamaev 2015, §2).
# Left: HH-A, the nonholonomic particle, cases HH-1 and HH-2: the correct
# (Lagrange-d'Alembert) motion and the motion of the substituted Lagrangian.
# Right: HH-B, the one-wheeled vehicle OW-1, contact-point paths for 0 <= t <= 10:
# the reduced model, the full KKT model and the wheel-spin-substituted model
# coincide; the knife-edge-substituted model goes round a circle.
# Data come from nhref itself.  Usage:
#   gnuplot -e "nhref='src/nhref'; out='hh_substitution.png'" data/figures/hh_substitution.gp
if (!exists("nhref")) nhref = "nhref"
if (!exists("out")) out = "hh_substitution.png"
run(model, opts) = sprintf("< %s run %s -q --digits 20 %s | grep -v -e '^#' -e '^t'", nhref, model, opts)
hh1 = "--init q2=0.5 --init q1dot=1 --init q2dot=0.3 -T 6 --dt-out 0.02"
hh2 = "-T 3 --dt-out 0.01"
ow1 = "-T 10 --dt-out 0.02"

set terminal pngcairo size 1300,560 font ",10"
set output out
set datafile separator ','
set multiplot layout 1,2

set title "HH-A nonholonomic particle: constraint s' = q_2 q_1'"
set xlabel "q_1 (dimensionless)"
set ylabel "q_2 (dimensionless)"
set key top right
plot run("hh_a_dalembert", hh1) using 2:3 with lines lw 2 lc rgb "#1f77b4" title "HH-1 correct (Lagrange-d'Alembert)", \
     run("hh_a_substituted", hh1) using 2:3 with lines lw 2 dt 2 lc rgb "#d62728" title "HH-1 constraint substituted into L", \
     run("hh_a_dalembert", hh2) using 2:3 with lines lw 2 lc rgb "#2ca02c" title "HH-2 correct: q_2 stays 1", \
     run("hh_a_substituted", hh2) using 2:3 with lines lw 2 dt 2 lc rgb "#ff7f0e" title "HH-2 substituted: q_2(3) = 7.90"

set title "HH-B one-wheeled vehicle, case OW-1: contact-point path, 0 <= t <= 10 s"
set xlabel "X [m]"
set ylabel "Y [m]"
set size ratio -1
set key top right
plot run("one_wheel", ow1) using 2:3 with lines lw 5 lc rgb "#aec7e8" title "one\\_wheel (reduced, correct)", \
     run("hh_b_dalembert", ow1) using 2:3 with lines lw 2 lc rgb "#1f77b4" title "hh\\_b\\_dalembert (full KKT, correct)", \
     run("hh_b_spin_substituted", ow1) every 10 using 2:3 with points pt 6 ps 0.8 lc rgb "#2ca02c" title "wheel spin substituted (right)", \
     run("hh_b_knife_substituted", ow1) using 2:3 with lines lw 2 dt 2 lc rgb "#d62728" title "knife edge substituted (wrong)"
unset multiplot
