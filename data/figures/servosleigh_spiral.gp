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
stats csv every ::1 using 2:3 nooutput
zx = real(system(sprintf("grep -v '^#' %s | tail -1 | cut -d, -f2", csv)))
zy = real(system(sprintf("grep -v '^#' %s | tail -1 | cut -d, -f3", csv)))
set multiplot layout 1,2 title "Servosleigh, alpha = 0.8, beta = 1.3: path of O (doubly asymptotic motion (6.5))"
set size ratio -1
set xlabel 'x [m]'
set ylabel 'y [m]'
set key bottom left
plot csv every ::1 using 2:3 with lines lw 2 lc rgb '#1f77b4' title 'O, t in [0, 20] s', \
     '+' using (zx):(zy) every ::0::0 with points pt 7 ps 1.2 lc rgb '#d62728' title 'Z (rest point)'
set title 'near Z (a 0.1 m window)'
w = 0.05
set xrange [zx - w:zx + w]
set yrange [zy - w:zy + w]
plot csv every ::1 using 2:3 with lines lw 2 lc rgb '#1f77b4' notitle, \
     '+' using (zx):(zy) every ::0::0 with points pt 7 ps 1.2 lc rgb '#d62728' notitle
unset multiplot
