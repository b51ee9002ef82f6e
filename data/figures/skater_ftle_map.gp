# skater_ftle_map.gp -- the figure skater's finite-time Lyapunov exponent FTLE(50 s) over
# (A1, Omega1(0)) (spec skater.md §6.2; sweep data/cases/skater_ftle_map.sweep).
# Run by skater_ftle_map.sh (make figures), which sets dat (A1, Omega1(0), FTLE), out and
# how (the route: "at 20 digits", or "in double (--fast)").
if (!exists("dat")) dat = "skater_ftle_map.dat"
if (!exists("out")) out = "skater_ftle_map.png"
if (!exists("how")) how = "at 20 digits"
set terminal pngcairo size 820,640 font ",11"
set output out
set title "figure skater, g = -9.81: FTLE(T = 40 s) over (A1, Omega1(0))\n(theta = 0, Omega2 = 1.25, v = 0.5; 676 cases ".how.", nhref sweep)"
set xlabel "A1  [m]  (centre-of-mass offset along the blade; A1 = 0 integrable)"
set ylabel "Omega1(0)  [rad/s]"
set cblabel "FTLE(40 s)  [1/s]"
set logscale cb
set cbrange [0.003:1]
set format cb "%g"
set palette defined (0 "#0b1a4a", 1 "#1f4e9a", 2 "#3fa7a0", 3 "#f2d64b", 4 "#d9472b")
set xrange [-0.005:0.255]
set yrange [-0.05:2.55]
set tics out
set key below
# a negative exponent (nearby solutions converge: no invariant measure for A1 != 0, spec
# §3.5) has no colour on the log scale: marked with a cross
plot dat using 1:2:($3 > 0 ? $3 : 1/0) with image notitle, \
     dat using 1:($3 > 0 ? 1/0 : $2) with points pt 2 ps 1.3 lw 2 lc rgb "black" \
         title "FTLE < 0: nearby solutions converge"
