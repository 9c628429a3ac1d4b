<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>FigureOptions</name>
    <message>
        <source>&amp;Scheme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image (position × dimension)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curves per dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checklist, all schemes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;d:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding width d (even).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Positions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of positions P (and the sequence length N).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Encoding:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores QKᵀ/√d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attention factor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q and k are multiplied by a, so every score by a² (an inverse softmax temperature).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b*(L) curves and models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σcos(mθᵢ) over the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published tables vs exact b*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dense curves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b*(L) at 100 contexts per decade up to 2^20 and the all-above threshold b_T(L), for the current d, computed in the background and kept on disk. rope-cli: min-base --range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xtend to 1M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add L = 2^17 … 2^20 to the b*(L) curves, computed once in the background (results are kept).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute the smallest base &amp;b* for L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σcos view: search b* with f ≥ 0 on 0 … L−1 (Xu et al. 2024; Su 2024). Takes up to seconds for long contexts; runs in the background.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens s in the generated Q/K.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Heads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads of Q and of K.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads requested; small work uses fewer (see the readout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed runs per bar (median).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L&amp;ayout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>form&apos;s layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;ISA:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIMD ISA compared with the reference (widest first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Angles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table, computed, ggml-style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where cos/sin come from: a prebuilt table, computed in the pass, or the ggml-style baseline (float-accumulated angles).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Curve:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean cosine (2/d)Σcos(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer upper bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected score, similar key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which decay measure is drawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also &amp;bases:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra bases drawn with the current one (comma-separated, at most 8; Enter applies).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log distance axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m = 1 … L−1 on a log axis; each column still covers every distance in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wavelengths per pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heatmap before | after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decay before vs after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to compare before and after the extension method.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other layers&apos; base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelengths view: also draw layers with this base (the other layer kind of the loaded model).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other layers&apos; linear factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear (position interpolation) factor of the other layers; unset = 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other layers&apos; rotary dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary dimension of the other layers; unset = the current one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sin(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle mθᵢ mod 2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each cell shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Periods λᵢ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark each pair&apos;s period 2π/θᵢ = 2π·b^(2i/d) tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first position shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last position shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_mᵀR_n and R_(n−m) side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one pair as complex numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual entry by entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Identity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relativity  R_mᵀR_n = R_(n−m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>composition  R_mR_n = R_(m+n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>orthogonality  R_mᵀR_m = I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual view: which identity&apos;s residual matrix is drawn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pair:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complex view: which pair i is drawn (clamped to d/2 − 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Factor s:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dynamic NTK factor s; used unless the parameters already choose the dynamic method (then its factor is used).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cached at length C:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length when the key was written to the cache (0 = auto: L₀/2, so the plot starts before L₀).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L₀/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key position n:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position of the cached key, below C (−1 = auto: C − 1, the newest key at caching time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C − 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Query position m:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed query position (−1 = the newest token, m = L − 1, at every length).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>newest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Up to length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest sequence drawn (0 = auto: 4·L₀).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4·L₀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which coordinates pair up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotation matrix R_m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W_q/W_k row permutation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores: converted vs. the bug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension d of this panel (even).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout of the rotation matrix view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of heads in the row-permutation view (d·heads ≤ 512).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max n−&amp;m:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest n − m of the scores view (tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qwen2-VL (blocks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qwen3-VL (interleaved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How mrope_section assigns pairs to the axes; Qwen3-VL also splits videos into frames.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Section t,h,w:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mrope_section in pairs, e.g. 16,24,24 (must sum to d/2); empty: the model&apos;s own, in the same proportions when d/2 is not 64. Enter applies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout such as text:4,image:1x3x4,video:2x2x3 (grids T×H×W after the 2×2 merge). Enter applies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Query token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token index of the query (−1 = the last token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token index of the key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos/sin error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>float32 accumulated angle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is compared with double. Accumulated: the angle of the float32 repeated multiplication θᵢ₊₁ = θᵢ·σ (ggml&apos;s CPU rope) against the exact angle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mθ in low precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double, then cast cos/sin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the rounding happens: in the angle m·θ, or only in the finished cos/sin table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair i whose error is drawn (worst: maximum over pairs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worst</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pro&amp;be m:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position m whose neighbours are checked for aliasing (= m: the form&apos;s position m; try 15962).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up &amp;to m:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest position on the x axis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2D RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1D RoPE, flattened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exp(xB₁+yB₂) generators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid height h (patches).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grid width w (patches).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query &amp;x:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query patch row x (or click a patch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query &amp;y:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query patch column y (or click a patch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension d (a multiple of 4: d/4 frequencies per axis).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Vectors:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q = k = 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q = k random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q, k random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query and key vectors (seeded, uniform in [−1, 1)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pair i:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which pair (i) is drawn large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;k vs q:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Angle between q and k before any rotation.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>Phase heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotation of a pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context extension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-term decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2D RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Absolute encodings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toy attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIMD batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M-RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>normalised integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unique</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consistent
distances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decaying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear
shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extrapolates
in range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>length-
independent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checklist over P = %1 positions (d = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>property (measured over P positions, see the lesson)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scheme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>property (1 = holds, 0 = fails)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: duplicate rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: spread of ‖PE(p+k) − PE(p)‖ over p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: max|PE| over P positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: max|PE| over 2P positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: W₁ fit residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: excess beyond the seen range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: change of PE(p) when N doubles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: ⟨PE(p), PE(p+1)⟩ averaged over p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: ⟨PE(p), PE(p+%1)⟩ averaged over p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: slope of that mean over k = 1…%1 (&lt; 0: decaying)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 PE(p), d = %2, P = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position p (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension j = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |PE(p+1) − W₁PE(p)|, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no position encoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sinusoidal PE added to x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE on q and k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Softmax weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores QKᵀ/√d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention weight (rows sum to 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score qᵀk/√d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |out(%1) − out(%2)|, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toeplitz residual, “%1” ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention factor a (scores × a²)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f(m) = Σᵢ cos(mθᵢ) (d = %1, b = %2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative distance m (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f(m) (d/2 at m = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f min per column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f max per column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first m with f(m) &lt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quarter turn π/(2θ_min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest period 2π/θ_min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first m with f(m) &lt; 0 (−1: none below L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quarter-turn context π/(2θ_min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest base b* for L (default ladder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b* not searched: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published b*(L, 128) against the exact value (✓ passes, ✗ fails)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context length L (tokens, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base b (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact b*, m &lt; L (Su&apos;s convention), L ≤ 2^17</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact b*, m ≤ L (Men et al.&apos;s convention), L ≤ 2^17</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>printed value passes its context (Su above, Men et al. below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>printed value fails (first failing m labelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ m=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>printed values that pass their own context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest base b*(L, d) with Σᵢ cos(mθᵢ) ≥ 0 for every m &lt; L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b*(L), d = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b*(L), d = %1, 100 contexts per decade</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every base above is feasible, b_T(L), d = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense curves: computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense curves: cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense curves stopped: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense curves: done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1: 8192 → 131072 at b = 5e5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current b = %1, d = %2: valid up to L = %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule of thumb L = π/(2θ_min), d = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest period L = 2π/θ_min, d = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest L for the current b, d (first m with f &lt; 0; scan limit %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quarter-turn context π/(2θ_min), current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no computed bar: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no ggml-style bar for scaling &apos;%1&apos; (only default, linear)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch RoPE, %1 tokens × %2 heads × d %3 (%4), %5 thread(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backend (same Q/K rotated in place, median of %1 runs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput (GB/s = 10⁹ bytes/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scalar reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angles computed in the pass (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ggml-style baseline (float-accumulated angles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memcpy of the same bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes moved per apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |reference − %1|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIMD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up %1 / reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos/sin table memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table apply %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computed apply %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ggml-style apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b = %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (current)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b = %1 with %2 (s = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoFormer&apos;s relative upper bound u(m) = (2/d)·Σⱼ|Sⱼ(m)|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>u(m) (bound on |qᵀR_m k| per unit max|hᵢ₊₁ − hᵢ|)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected score of a similar key E[qᵀR_m(q + σε)] = 2·Σᵢ cos(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected score (q, ε ~ N(0, I))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean cosine c̄(m) = (2/d)·Σᵢ cos(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>c̄(m) (1 at m = 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min per column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> max per column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (column mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first m with c̄ &lt; 0, %1 (−1: none below L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first m with c̄(m) &lt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first m with c̄(m) &lt; 0, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative distance m (tokens, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (s = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength of every pair (no scaling method chosen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength of every pair: original vs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wavelength λᵢ = 2π/θᵢ (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: identical to the original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept θ&apos; = θ (extrapolated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interpolated θ&apos; = θ/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blended (θ/s &lt; θ&apos; &lt; θ or other)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original context L₀ = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context L = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context L = L₀ = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other layers: b = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other layers: b = %1, linear ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs kept (extrapolated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs interpolated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs not rotated (θ&apos; = 0, λ = ∞)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos(mθᵢ) before (left) and after %1 (right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair i (left: original; right: scaled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position m (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos(mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean cosine c̄(m) = (2/d)·Σᵢ cos(mθᵢ): original vs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase of every pair (d = %1, b = %2%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 s = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair i  (θᵢ = b^(−2i/d) rad/token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos(mθᵢ), mean over a pixel row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sin(mθᵢ), mean over a pixel row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mθᵢ mod 2π (rad), circular mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>period λᵢ = 2π/θᵢ (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positions per pixel row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs not rotated (θᵢ = 0, λᵢ = ∞)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_mᵀR_n (left) and R_(n−m) (right): m = %1, n = %2, %3 layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column j (left: R_mᵀR_n; right: R_(n−m))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matrix entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |R_mᵀR_n − R_(n−m)|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qᵢ·e^(i tθᵢ), t = 0 … %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kᵢ·e^(i tθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qᵢ·e^(imθᵢ) at m = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kᵢ·e^(inθᵢ) at n = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>circles |qᵢ|, |kᵢ|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>real part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imaginary part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair score Re[(qᵢe^(imθᵢ))*·kᵢe^(inθᵢ)]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full score ⟨R_m q, R_n k⟩</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_m R_n − R_(m+n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_mᵀ R_m − I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_mᵀ R_n − R_(n−m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|%1| entry by entry (m = %2, n = %3, %4 layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|residual entry| (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |R_mR_n − R_(m+n)|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |R_mᵀR_m − I|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dynamic NTK and the KV cache (d = %1, b = %2, s = %3, L₀ = %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current sequence length L (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score ⟨R(m)q, R(n)k⟩, q = k = 1/√d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key re-rotated with θ(L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key as cached, rotated with θ(C = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mismatch (cached − re-rotated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L = L₀ = %1: θ starts to change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key position n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>length when cached C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest |mismatch|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs in both layouts, d = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinate j; half[j] = interleaved[p_j], p = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permutation: interleaved p_j → half j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved pairs (x₂ᵢ, x₂ᵢ₊₁), colour = pair i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved pair %1: (x%2, x%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotate_half pairs (xᵢ, xᵢ₊d/₂)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotate_half pair %1: (x%2, x%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_m, %1 layout (d = %2, m = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column (input coordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row (output coordinate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry of R_m (cos mθᵢ, ±sin mθᵢ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W_q/W_k row permutation (%1 heads, d = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>old row (interleaved checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new row j (rotate_half checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 = row moved here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores against n − m (d = %1, m = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative position n − m (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit ⟨R_m q, R_n k⟩ (seeded random W, x)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained: interleaved RoPE, original W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>converted: rotate_half, permuted W rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bug: rotate_half, original W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|bug − trained|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |bug − trained|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |converted − trained| score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M-RoPE positions (%1, section %2·%3·%4 pairs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qwen3-VL interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qwen2-VL blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temporal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query q = %1, key k = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>axis read by each pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = t, 1 = h, 2 = w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δt = t(q) − t(k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score from absolute rotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score from Δ per axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>float32 repeated multiplication θᵢ₊₁ = θᵢ·σ (ggml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>float32 product m·θᵢ (Hugging Face)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (error exactly 0 everywhere)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worst pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float32 angle error, %1, b = %2, r = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; beyond 2²⁴ = 16777216 not shown (float32 cannot hold m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|θ_float32 − mθ| (rad, exact angle in long double)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probe position m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |θ̃ − mθ| at m (repeated multiplication)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double, cast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mθ in format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score error, n − m = %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|s_low − s| (q, k uniform in [−1, 1)ᵈ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos/sin error, %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |R_low − R| (cos/sin entries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Angle error, %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|mθ_low − mθ| wrapped to [−π, π] (rad)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot store m (overflow); largest finite value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stores m as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: positions %2…%3 share it, count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relativity of exp(xB₁ + yB₂)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t (patches): positions (%1, %2) and (%1 + t, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |E₁ᵀE₂ − exp(ΔxB₁ + ΔyB₂)|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE generators, [B₁, B₂] = 0 (d = 8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlapping planes on ℝ³, [B₁, B₂] ≠ 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖[B₁, B₂]‖max, RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖[B₁, B₂]‖max, overlapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |exp(xB₁+yB₂) − R_{x,y}| at the query (d = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flattened 1D RoPE (x·w + y): query patch (%1, %2) ●</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Axial 2D RoPE: query patch (%1, %2) ●</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key patch column y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key patch row x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score ⟨R(query) q, R(key) k⟩ (d = %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query patch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relativity residual, query → last patch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x recovered from R_{x,y}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>y recovered from R_{x,y}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row-wrap gap, 2D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row-wrap gap, flattened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair %1 turns by θ_%1 = %2 rad per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinate 2i of the pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinate 2i+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unit circles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q (position 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_m q (q at position m)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R_n k (k at position n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair j = row + column: hand at mθⱼ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every %1th pair (row + column): hand at mθⱼ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock faces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clock %1 hand (mθ_%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m·θ_i mod 2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n·θ_i mod 2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(n−m)·θ_i mod 2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle R_m q → R_n k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score qᵀR_(n−m)k</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Foundations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engineering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>RoPE Explorer sessions (*.%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope-explorer</name>
    <message>
        <source>See and touch rotary position embeddings (RoPE).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A session (.ropex) or a Hugging Face config.json to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the program in LANG (en, zh_CN) instead of the language chosen under View &gt; Language (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope::ui::CoursePane</name>
    <message>
        <source>&amp;Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m solved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your answer (a number)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the panel back in the state this step prepared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The course has no steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a number: &apos;%1&apos;. Type a number such as 46 or 0.94.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct: the answer is %1 (±%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct: the answer is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not quite: %1 is more than ±%2 away. Try again, or press Show answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not quite: %1 is not it. Try again, or press Show answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer is %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope::ui::FigurePanel</name>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this figure as PNG, SVG, PDF or its data as CSV.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG vector image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV data…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 has no RoPE (NoPE): its queries and keys are not rotated, so there is nothing to draw here. Choose a RoPE layer in the layer strip above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dots per inch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole &amp;context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out to positions 0 … L−1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom positions · drag: pan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move m and n together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moving both keeps n − m, the angle between R_m q and R_n k and the score fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advance the position by one token per frame.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attention factor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unchecked: the factor of the current scaling method.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q and k are multiplied by a, so every score by a² (an inverse softmax temperature).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense b*(L): %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense curve progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the background computation; finished points are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope::ui::LayerStrip</name>
    <message>
        <source>layer %1: %2, no RoPE (NoPE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1: %2, b = %3, rotary dim %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 ×%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer (%1):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope::ui::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Course</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The course could not be loaded:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export current figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;NumPy code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as &amp;PyTorch code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;ext panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;revious panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About RoPE Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;CSV data (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model config not opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model config not opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not import
%1

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model loaded with errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: some fields could not be used and kept their defaults:

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search panels (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Course step %1: no panel &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the session to
%1

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session not opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session not opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the session
%1

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session opened with errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: these entries could not be used and kept their defaults:

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened session %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window.geometry: not restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>window.state: not restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>panelOptions.%1: no such panel, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activePanel: no panel &apos;%1&apos;, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE Explorer[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — RoPE Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>;;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not opened: %1 is neither a session (.%2) nor a model config (.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not opened: only local files can be dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening only the first of %1 dropped files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No code: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied NumPy code for the current parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied PyTorch code for the current parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code for the current parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># No code: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NumPy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied %1 code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About RoPE Explorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;RoPE Explorer %1&lt;/h3&gt;&lt;p&gt;Rotary position embeddings, seen and touched.&lt;/p&gt;&lt;p&gt;Licence: GPL-3.0-or-later. This program comes with ABSOLUTELY NO WARRANTY.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running %3), QCustomPlot %4, Eigen %5.%6.%7.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language changes to %1 when RoPE Explorer starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>rope::ui::ParameterForm</name>
    <message>
        <source>floor/ceil the blend range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dim &amp;d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotated dimensions d (even): d/2 pairs, pair i turns by θ_i = b^(−2i/d) per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Base b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE base b (rope_theta), &gt; 1. Larger b slows every pair but the first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position &amp;m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query position m (tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position &amp;n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key position n (tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Context L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length L (tokens) the plots cover, 64 … 1,048,576.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved (x0,x1),(x2,x3)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half (x_i, x_(i+d/2)), rotate_half</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which coordinates form a pair: RoFormer/GPT-J interleave them, GPT-NeoX and Hugging Face Llama pair the two halves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context-extension method (Hugging Face rope_scaling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Factor &amp;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale factor s = new context / original context (≥ 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original L₀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original_max_position_embeddings L₀ (tokens): the context the model was trained on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current sequence length for dynamic NTK (tokens); &apos;auto&apos; = L₀.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (= L₀)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β fast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN beta_fast: pairs turning more than β_fast times over L₀ keep θ_i.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>β slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN beta_slow: pairs turning fewer than β_slow times over L₀ get θ_i/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mscale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN mscale (0 = unset).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mscale all dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN mscale_all_dim (0 = unset).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explicit attention_factor multiplying cos and sin (0 = computed by the method).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN truncate: round the correction range to whole pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low-freq factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3 low_freq_factor: wavelengths above L₀/low_freq_factor are divided by s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High-freq factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3 high_freq_factor: wavelengths below L₀/high_freq_factor are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset to defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to d = 128, b = 10000, no scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
