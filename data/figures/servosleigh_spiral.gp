# servosleigh_spiral.gp -- the doubly asymptotic motion (6.5) of the horizontal servosleigh
# (Kozlov 2015, Fig. 6; shared/models/servoconstraints.md §5.5): the path of the body point O
# is almost straight in the past and curls into a spiral that stops at the point Z.
# Data: nhref output (tests/readme_servo.md):
#   nhref run servosleigh -p alpha=0.8 -p beta=1.3 -p g=0 -i u=0.58 -i omega=-0.0075 \
#       -T 20 --dt-out 0.01 --digits 20 -o servosleigh_spiral.csv
# Run: gnuplot -e "csv='servosleigh_spiral.csv'" data/figures/servosleigh_spiral.gp
if (!exists("csv")) csv = 'servosleigh_spiral.csv'
if (!exists("out")) out = 'servosleigh_spiral.png'
set datafile separator ','
set datafile commentschars '#'
set terminal pngcairo size 1100,480 font ',10'
set output out
# the end point (t = 20) is within 3e-5 of Z
zx = real(system(sprintf("grep -v -e '^#' -e '^t,' %s | tail -1 | cut -d, -f2", csv)))
zy = real(system(sprintf("grep -v -e '^#' -e '^t,' %s | tail -1 | cut -d, -f3", csv)))
set multiplot title "Servosleigh, alpha = 0.8, beta = 1.3, g = 0: path of the body point O (doubly asymptotic motion (6.5))"
set xlabel 'x [m]'
set ylabel 'y [m]'
set grid
# left: the whole path, equal scales, in a panel wide enough for its 3.5 m x 2 m window
set origin 0, 0
set size ratio -1 0.64, 0.92
set xrange [-0.1:3.4]
set yrange [-1.5:0.5]
set xtics 0.5
set ytics 0.5
set key bottom left box opaque
set title 'O for 0 <= t <= 20 s'
plot csv using 2:3 with lines lw 2 lc rgb '#1f77b4' title 'path of O', \
     '+' using (zx):(zy) every ::0::0 with points pt 7 ps 1.2 lc rgb '#d62728' title 'Z (where O comes to rest)'
# right: a 0.1 m window around Z
set origin 0.62, 0
set size ratio -1 0.38, 0.92
w = 0.05
set xrange [zx - w:zx + w]
set yrange [zy - w:zy + w]
set xtics 0.02
set ytics 0.02
unset key
set title 'near Z (a 0.1 m window)'
plot csv using 2:3 with lines lw 2 lc rgb '#1f77b4' notitle, \
     '+' using (zx):(zy) every ::0::0 with points pt 7 ps 1.2 lc rgb '#d62728' notitle
unset multiplot
