#!/bin/sh
# hcat_poincare.sh -- data for hcat_poincare.gp: the paper's Fig. 8 experiment (HCAT,
# I = 1, m = 1, r = 2, sigma = 1, eta = 1, G = |M| = 2, f = <M,gamma> = 0; spec §10),
# one level of E_H (the spec's P3 initial state, E_H = -1.1810625).  The section
# g = pi/4 of the §7b chart is located on a dense output grid by linear interpolation;
# the points are (s2, L) = (U1 gamma2 - U2 gamma1, M3).
# Run by make_figures.sh (make figures) with NHREF and OUT set: draws $OUT/hcat_poincare.png.
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$NHREF" run hcat -T 4000 --dt-out 0.02 --digits 16 2>/dev/null | awk -F, '
/^#/ || /^t/ { next }
{
    M1 = $2; M2 = $3; M3 = $4; g1 = $5; g2 = $6; g3 = $7; U1 = $8; U2 = $9
    G = sqrt(M1*M1 + M2*M2 + M3*M3); S = sqrt(G*G - M3*M3)
    sg = -(M2*g1 - M1*g2) / S; cg = -G*g3 / S          # sin g, cos g (spec §7b)
    # phase relative to the section g = pi/4: d = sin(g - pi/4), c = cos(g - pi/4)
    d = (sg - cg) / sqrt(2); c = (sg + cg) / sqrt(2)
    s2 = U1*g2 - U2*g1
    if (NR > 1 && pd < 0 && d >= 0 && c > 0) {
        w = -pd / (d - pd)
        printf "%.10f %.10f\n", ps2 + w*(s2 - ps2), pL + w*(M3 - pL)
    }
    pd = d; ps2 = s2; pL = M3
}' > "$d/hcat_poincare.dat"
gnuplot -e "dat='$d/hcat_poincare.dat'; out='$OUT/hcat_poincare.png'" "$(dirname "$0")/hcat_poincare.gp"
