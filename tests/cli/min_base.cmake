# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli min-base contracts. Expected values come from the independent NumPy certified sweep
# (tests/core/reference/base_bound_reference_values.h), the certified values quoted in issue #12,
# the published tables (kexue.fm/archives/10122: 1k = 1024 gives 4.3e3) and a closed form
# (L = 3). Uses rope_cli_expect_error() from basics.cmake and rope_cli_expect_output() from
# decay.cmake (the glob is sorted, so both are defined first).
set(ROPE_CLI $<TARGET_FILE:rope-cli>)

# All four fields; 1k = 1024: NumPy bracket [4293.4375692612, 4293.4375731251], binding m 1009.
rope_cli_expect_output(cli_min_base_1k
    "^\\{\"base\":4293\\.43757[0-9]*,\"lower_bracket\":4293\\.43756[0-9]*,\"argmin_m\":1009,\"min_f\":[0-9.e-]+\\}"
    min-base --dim 128 --context 1024)
# The issue's certified values (m in [0, L)): 64k 2090179.68, 128k 4869104.37 (Su's island,
# which the old 1000-per-decade grid stepped over: it printed 8607702), 1M 65374955.18.
rope_cli_expect_output(cli_min_base_64k "^\\{\"base\":2090179\\.67[0-9]*,"
                       min-base --dim 128 --context 65536)
rope_cli_expect_output(cli_min_base_128k "^\\{\"base\":4869104\\.37[0-9]*,"
                       min-base --dim 128 --context 131072)
rope_cli_expect_output(cli_min_base_1m "^\\{\"base\":65374955\\.[12][0-9]*,\"lower_bracket\":65374955\\.[01][0-9]*,\"argmin_m\":935093,"
                       min-base --dim 128 --context 1048576)
# L <= 2: every base works, b* = 1 (the infimum). With --m-inclusive, L = 2 checks m = 2 too, so
# b* solves Σ_i cos(2·b^(−2i/128)) = 0 (f(2) increases with b): 1.6694519309941 (long double
# bisection in NumPy). The canonical bracket is the cell of S_30 (multiples of 2^−30 in [1, 2))
# holding it: 1792560361·2^−30 = 1.6694519305601716 and 1792560362·2^−30 = 1.6694519314914942
# (by hand: ⌊1.6694519309941·2^30⌋ = 1792560361).
rope_cli_expect_output(cli_min_base_tiny "^\\{\"base\":1," min-base --context 2)
rope_cli_expect_output(cli_min_base_inclusive_tiny "^\\{\"base\":1\\.6694519314914942,\"lower_bracket\":1\\.6694519305601716,"
                       min-base --context 2 --m-inclusive)
# --range streams one line per L, in order (log-spaced 1024, 2048, 4096; NumPy values).
rope_cli_expect_output(cli_min_base_range
    "^\\{\"context\":1024,\"base\":4293\\.4375[0-9]*,[^\n]*\n\\{\"context\":2048,\"base\":11587\\.2443[0-9]*,[^\n]*\n\\{\"context\":4096,\"base\":26952\\.3392[0-9]*,[^\n]*\n$"
    min-base --range 1024:4096:3)
# --all-above, L = 1024: checked in NumPy (float64, every m): the binding m = 903 is ≈ 0 at the
# lower end, and 20 001 log-spaced bases from 6018.2808627 to 1000× that are all feasible.
rope_cli_expect_output(cli_min_base_all_above
    "^\\{\"all_above\":6018\\.2808[0-9]*,\"lower_bracket\":6018\\.2808[0-9]*,\"witness_m\":903,\"argmin_m\":903,"
    min-base --context 1024 --all-above)
# --grid is still accepted, says on stderr that it is ignored, and does not change the answer.
add_test(NAME cli_min_base_grid_deprecated
         COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -q 'deprecated and ignored' && \"$0\" \"$@\" 2>/dev/null | grep -q '^{\"base\":4293\\.4375'"
                 ${ROPE_CLI} min-base --context 1024 --grid 10)
set_tests_properties(cli_min_base_grid_deprecated PROPERTIES LABELS cli)

rope_cli_expect_error(cli_min_base_impossible "no base b <= 1e30" min-base --dim 2 --context 3)
rope_cli_expect_error(cli_min_base_context_zero "context must be in \\[1, 67108864\\], got 0"
                      min-base --context 0)
rope_cli_expect_error(cli_min_base_missing_context "missing required option --context" min-base)
rope_cli_expect_error(cli_min_base_odd_dim "dim must be an even integer.*got 7"
                      min-base --dim 7 --context 10)
rope_cli_expect_error(cli_min_base_bad_grid "--grid expects a finite number, got 'x'" min-base --grid x --context 10)
rope_cli_expect_error(cli_min_base_range_format "--range expects LMIN:LMAX:N, got '10:20'"
                      min-base --range 10:20)
rope_cli_expect_error(cli_min_base_range_order "--range needs 1 <= LMIN <= LMAX"
                      min-base --range 20:10:5)
rope_cli_expect_error(cli_min_base_range_count "--range needs N in \\[2, 100000\\].*got 0"
                      min-base --range 10:20:0)
rope_cli_expect_error(cli_min_base_range_number "--range expects a finite number, got 'x'"
                      min-base --range 10:x:5)
rope_cli_expect_error(cli_min_base_range_and_context "--range and --context are exclusive"
                      min-base --range 10:20:2 --context 10)
rope_cli_expect_error(cli_min_base_range_and_all_above "--range and --all-above are exclusive"
                      min-base --range 10:20:2 --all-above)
rope_cli_expect_error(cli_min_base_threads "--threads must be in \\[1, 64\\], got 0"
                      min-base --range 10:20:2 --threads 0)
rope_cli_expect_error(cli_min_base_all_above_limit "--all-above is certified for context"
                      min-base --context 1048576 --all-above)

# Work caps (issues #12, #18): a sweep that would run for minutes refuses with exit 2 and names
# its limit (4e8 cosine-equivalents at this size: d = 8, L = 2^21 stops there after a few
# seconds); a sweep that crawls through bases where rounding hides the sign of f (d = 4: the
# CLI campaign's seed 20261123 drew L = 614, which ran into the old cap after 10 s, and
# --all-above at L = 131072, 25 s) gives up after 32 uncertified steps in a row; --all-above
# beyond L·d/2 = 2^22 says why it is not certified (the limit itself:
# cli_min_base_all_above_limit above).
rope_cli_expect_error(cli_min_base_work_limit
                      "exceeded its work limit of 4e\\+08 cosine evaluations \\(about 12 s of CPU here; estimated beforehand: about 1–11 s of CPU here \\(cost model: 4–45 cosine-equivalents per distance and pair, as the sweeps that succeed use, at 30 ns each\\), so f crawls near 0 here and the total is unknown\\) at base"
                      min-base --dim 8 --context 2097152 --backend reference)
# Issue #26: a search beyond the limit context × dim/2 <= 2^29 is refused at once with the
# time it would need by the stated cost model (4–45 cosine-equivalents per distance and pair at
# 12 ns: L = 2^24, d = 128 is 2^30 pair-distances, 52–580 s) and the cap (4·4e8 at 12 ns, 19 s).
rope_cli_expect_error(cli_min_base_refusal_time
                      "exceeds the search limit context × dim/2 <= 2\\^29: the sweep would need about 52–5.8e\\+02 s of CPU here \\(cost model: 4–45 cosine-equivalents per distance and pair, as the sweeps that succeed use, at 12 ns each\\), against a cap of 19 s"
                      min-base --dim 128 --context 16777216)
rope_cli_expect_error(cli_min_base_rounding_crawl
                      "f stays within rounding of 0 over 32 bases in a row"
                      min-base --dim 4 --context 614 --backend reference)
# Issue #26: the fast backend (default) settles those signs in MPFR and answers; both ends of
# the canonical bracket checked by tests/core/reference/base_bound_fast_reference.py (long
# double and decimal, and neighbours in S_30).
rope_cli_expect_output(cli_min_base_mpfr
    "^\\{\"base\":138689876656128,\"lower_bracket\":138689876590592,\"argmin_m\":355,"
    min-base --dim 4 --context 614)
rope_cli_expect_error(cli_min_base_backend "--backend must be fast or reference, got 'x'"
                      min-base --context 10 --backend x)
rope_cli_expect_error(cli_min_base_all_above_rounding_crawl
                      "f stays within rounding of 0 over 32 bases in a row"
                      min-base --dim 4 --context 131072 --all-above --m-inclusive
                      --backend reference)
# With MPFR the sweep reaches b*; then no base up to 1e30 has a tail certificate (at d = 4,
# f = cos m + cos(m·θ_1) → 1 + cos m, within rounding of 0 where m ≈ kπ, e.g. m = 103 993).
rope_cli_expect_error(cli_min_base_all_above_no_tail "no tail certificate below 1e30"
                      min-base --dim 4 --context 131072 --all-above --m-inclusive)
# L = 2^18, d = 128: 1 400·64^0.6 = 16 900 scans of about 1.7e5 units, 2.9e9 against the cap 1.6e9.
# (L = 2^17 fits its cap now: b_T = 42 273 617.5 in 19 s of CPU.)
rope_cli_expect_error(cli_min_base_all_above_limit_why "2.9e\\+09 cosine evaluations .* every m at every step, work ~ .*see docs/base-bound.md"
                      min-base --context 262144 --all-above)
# The landscape view's CSV: g(b) per base, b* and b_T as marked lines. b*(1024, 128) =
# 4293.4375… and b_T = 6018.2808… are the NumPy-checked values above; the CSV must carry both.
add_test(NAME cli_min_base_landscape_csv
         COMMAND sh -c "\"$0\" figure --panel base-bound --set view=landscape --context 1024 --out \"$1\" >/dev/null && grep -q '^\"b\\* = 4293.43757' \"$1\" && grep -q '^b_T = 6018.28' \"$1\" && grep -q '^feasible islands seen in the range,,,[1-9]' \"$1\" && grep -q '^g(b) = min_m f_b(m),' \"$1\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR}/cli_min_base_landscape.csv)
set_tests_properties(cli_min_base_landscape_csv PROPERTIES LABELS cli)
# The panel's refusal states the estimated time and the cap too (issue #26): the landscape view
# certifies b_T only up to L·d/2 = 2^19. At L = 16384, d = 128 (L·d/2 = 2^20) by hand:
# 1 400·4^0.6 = 3 216.4 scans, each 16384·(1/3 + 64/512) = 7 509.3 cosine-equivalents of products
# plus 2.5·64·130 = 20 800 of sincos (K = 128: 64 exact rows, 1 coarse row, the first seed,
# ⌈16256/255⌉ = 64 block seeds), at 12 ns: 1.09 s; the cap L = 8192: 1 400·2^0.6 = 2 122.0 scans of
# 3 754.7 + 2.5·64·129 (K = 64: 64 rows, 1 seed, ⌈8128/127⌉ = 64 block seeds) = 24 394.7, 0.62 s.
add_test(NAME cli_min_base_landscape_refusal_time
         COMMAND sh -c "\"$0\" figure --panel base-bound --set view=landscape --context 16384 --out \"$1\" >/dev/null && grep -q '^\"b_T not certified in this view: about 1.1 s of CPU (≈ 1 400 full scans of every m at L·d/2 = 2^18, growing like (L·d/2)^0.6, 12 ns per cosine); this view.s cap is L·d/2 ≤ 2^19, about 0.62 s' \"$1\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR}/cli_min_base_landscape_refusal.csv)
set_tests_properties(cli_min_base_landscape_refusal_time PROPERTIES LABELS cli)
