<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Deck</name>
    <message>
        <source>RoPE Explorer slides</source>
        <translation>RoPE Explorer 幻灯片</translation>
    </message>
    <message>
        <source>Rotary position embeddings</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>Figures from RoPE Explorer</source>
        <translation>RoPE Explorer 中的图</translation>
    </message>
    <message>
        <source>Rotary position embeddings: the course</source>
        <translation>旋转位置编码：课程讲义</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>The panels&apos; lessons</source>
        <translation>各面板的讲解</translation>
    </message>
    <message>
        <source>Hints:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <source>Worked solution:</source>
        <translation>详解：</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Student sheets</source>
        <translation>学生练习册</translation>
    </message>
    <message>
        <source>Answer key</source>
        <translation>答案册</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>答案：</translation>
    </message>
    <message>
        <source>Student sheets: every step of the guided course with the figure it asks about, one step a page. The answers are in the answer key.</source>
        <translation>学生练习册：引导课程的每一步及其所问的图，每页一步。答案见答案册。</translation>
    </message>
    <message>
        <source>Answer key: every step&apos;s answer, the hints for the typical wrong answers and the worked solution.</source>
        <translation>答案册：每一步的答案、针对常见错误答案的提示和详细解答。</translation>
    </message>
    <message>
        <source>Your answer:</source>
        <translation>你的答案：</translation>
    </message>
    <message>
        <source>Revealed: what the panel trains once the prediction is made, with the step&apos;s settings and view. Answer: %1.</source>
        <translation>揭晓：写下预测之后，面板按本步的设置和视图训练出的结果。答案：%1。</translation>
    </message>
</context>
<context>
    <name>DeckDialog</name>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export slides</source>
        <translation>导出幻灯片</translation>
    </message>
    <message>
        <source>One 16:9 slide per checked panel, with the current parameters and options:</source>
        <translation>每个勾选的面板生成一张 16:9 幻灯片，使用当前参数和选项：</translation>
    </message>
    <message>
        <source>No panel was checked.</source>
        <translation>没有勾选任何面板。</translation>
    </message>
    <message>
        <source>Drawing the slides…</source>
        <translation>正在绘制幻灯片…</translation>
    </message>
    <message>
        <source>Export handout</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <source>Drawing the handout…</source>
        <translation>正在绘制讲义…</translation>
    </message>
    <message>
        <source>%1, page %2</source>
        <translation>%1，第 %2 页</translation>
    </message>
    <message>
        <source>Student sheets (questions with their figures, no answers)</source>
        <translation>学生练习册（问题及其图，不含答案）</translation>
    </message>
    <message>
        <source>Answer key (answers, hints and worked solutions)</source>
        <translation>答案册（答案、提示和详细解答）</translation>
    </message>
    <message>
        <source>Edition:</source>
        <translation>版本：</translation>
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <source>The context is longer than the model was trained for and no RoPE scaling is declared. Positions beyond max_position_embeddings rotate the slowest pairs through angles the model never saw; quality typically collapses past the trained length (perplexity rises steeply) without any error message.</source>
        <translation>上下文比模型训练时更长，却没有声明任何旋转位置编码缩放。超出 max_position_embeddings 的位置让最慢的频率对转到模型从未见过的角度；过了训练长度后质量通常会崩溃（困惑度急剧上升），却不会有任何报错。</translation>
    </message>
    <message>
        <source>Stay within max_position_embeddings, or use a checkpoint or config that declares the scaling it was fine-tuned with (YaRN, Llama 3, LongRoPE).</source>
        <translation>保持在 max_position_embeddings 以内，或使用声明了其微调所用缩放（YaRN、Llama 3、LongRoPE）的检查点或配置。</translation>
    </message>
    <message>
        <source>The model declares RoPE scaling but the command line turns it off. Short prompts look normal, because within the original context the unscaled rotation is close to the scaled one; past it the scores drift (the cosine between the two rotations&apos; query-key scores falls well below 1, see rope-cli compare).</source>
        <translation>模型声明了旋转位置编码缩放，命令行却把它关掉了。短提示看起来正常，因为在原始上下文以内，不缩放的旋转与缩放后的旋转很接近；超出之后分数逐渐偏离（两种旋转的查询-键分数之间的余弦远低于 1，见 rope-cli compare）。</translation>
    </message>
    <message>
        <source>Drop --rope-scaling none / --rope-freq-scale 1 and let llama.cpp read the scaling from the GGUF, or pass the model&apos;s own values (rope-cli translate --to llama.cpp).</source>
        <translation>去掉 --rope-scaling none / --rope-freq-scale 1，让 llama.cpp 从 GGUF 读取缩放，或传入模型自己的取值（rope-cli translate --to llama.cpp）。</translation>
    </message>
    <message>
        <source>llama.cpp multiplies positions by --rope-freq-scale, so linear scaling by a factor s is --rope-freq-scale 1/s (or --rope-scale s). A value above 1 stretches positions instead of compressing them: every pair turns faster than in training, and even short prompts degrade.</source>
        <translation>llama.cpp 把位置乘以 --rope-freq-scale，所以因子为 s 的线性位置内插应写 --rope-freq-scale 1/s（或 --rope-scale s）。大于 1 的值会拉伸位置而不是压缩：每个频率对都比训练时转得快，连短提示都会变差。</translation>
    </message>
    <message>
        <source>Use --rope-freq-scale 1/factor (0.125 for a factor of 8), or --rope-scale factor.</source>
        <translation>使用 --rope-freq-scale 1/因子（因子为 8 时是 0.125），或 --rope-scale 因子。</translation>
    </message>
    <message>
        <source>The command line sets a RoPE base different from the one the model was trained with. Every pair but the first then rotates at the wrong speed; a default of 10000 over a model trained at 1000000 (CodeLlama) makes the slow pairs turn up to 100 times faster than in training.</source>
        <translation>命令行设置的旋转位置编码底数与模型训练时的不同。于是除第一个以外的每个频率对都以错误的速度旋转；用默认的 10000 覆盖以 1000000 训练的模型（CodeLlama），会让慢频率对转得比训练时快多达 100 倍。</translation>
    </message>
    <message>
        <source>Remove --rope-freq-base (llama.cpp reads the base from the GGUF) or set it to the model&apos;s rope_theta.</source>
        <translation>去掉 --rope-freq-base（llama.cpp 会从 GGUF 读取底数），或把它设为模型的 rope_theta。</translation>
    </message>
    <message>
        <source>The model&apos;s own scaling is already applied from the per-pair factors stored in the GGUF (Llama 3.1&apos;s rope_freqs, LongRoPE&apos;s rope_factors tensors). A scaling on the command line is applied on top of it, so the slow pairs are divided twice (8 × 8 = 64 for a dynamic or linear ×8 over Llama 3.1).</source>
        <translation>模型自己的缩放已经通过 GGUF 中逐频率对存储的因子生效（Llama 3.1 的 rope_freqs，LongRoPE 的 rope_factors 张量）。命令行上的缩放会叠加在它之上，于是慢频率对被除了两次（在 Llama 3.1 上再加动态或线性 ×8，就是 8 × 8 = 64）。</translation>
    </message>
    <message>
        <source>Remove --rope-scaling, --rope-scale and --rope-freq-scale: the GGUF already carries the model&apos;s scaling.</source>
        <translation>去掉 --rope-scaling、--rope-scale 和 --rope-freq-scale：GGUF 已经带有模型的缩放。</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>DeepSeek&apos;s YaRN uses two different numbers: the cos/sin attention factor mscale(s, mscale) / mscale(s, mscale_all_dim) (1 when both are equal) and the softmax scale multiplier mscale(s, mscale_all_dim)², with mscale(s, m) = 0.1·m·ln s + 1. Folding them into one number (or giving only one) scales the logits by the wrong amount: 1.37 instead of 1.87 at s = 40.</source>
        <translation>DeepSeek 的 YaRN 用两个不同的数：cos/sin 的注意力因子 mscale(s, mscale) / mscale(s, mscale_all_dim)（两者相等时为 1），以及 softmax 缩放乘数 mscale(s, mscale_all_dim)²，其中 mscale(s, m) = 0.1·m·ln s + 1。把它们合成一个数（或只给一个）会让 logits 缩放错误：s = 40 时是 1.37 而不是 1.87。</translation>
    </message>
    <message>
        <source>Give both mscale and mscale_all_dim as the published config does; in llama.cpp only 0.1·mscale_all_dim is stored (rope.scaling.yarn_log_multiplier), so a model with mscale ≠ mscale_all_dim cannot be expressed there.</source>
        <translation>像发布的配置那样同时给出 mscale 和 mscale_all_dim；llama.cpp 只存储 0.1·mscale_all_dim（rope.scaling.yarn_log_multiplier），所以 mscale ≠ mscale_all_dim 的模型无法在那里表达。</translation>
    </message>
    <message>
        <source>Gemma 3 scales only its global (full-attention) layers; its sliding-window layers keep base 10000 unscaled. Applying the ×8 linear scaling to the local layers too slows their rotation eight times within a 1024-token window, blurring exactly the short-range positions those layers exist for.</source>
        <translation>Gemma 3 只缩放全局（全注意力）层；滑动窗口层保持底数 10000、不缩放。把 ×8 线性位置内插也用到局部层，会在 1024 个词元的窗口内把它们的旋转放慢八倍，恰好模糊了这些层所负责的短程位置。</translation>
    </message>
    <message>
        <source>Scale the full_attention layers only (rope_parameters per layer type in transformers 5: sliding_attention gets rope_type default).</source>
        <translation>只缩放 full_attention 层（transformers 5 中按层类型给 rope_parameters：sliding_attention 用 rope_type default）。</translation>
    </message>
    <message>
        <source>original_max_position_embeddings is the context the model was pre-trained with; max_position_embeddings the context after extension. Here the original is larger, which is the two fields swapped: YaRN and Llama 3 place their interpolation band by the original length, so the band lands on the wrong pairs.</source>
        <translation>original_max_position_embeddings 是模型预训练时的上下文；max_position_embeddings 是扩展后的上下文。这里原始长度更大，说明两个字段写反了：YaRN 和 Llama 3 按原始长度确定插值带，于是插值带落在了错误的频率对上。</translation>
    </message>
    <message>
        <source>Put the pre-training length (for example 8192 for Llama 3) into original_max_position_embeddings and the extended length into max_position_embeddings.</source>
        <translation>把预训练长度（例如 Llama 3 的 8192）写进 original_max_position_embeddings，把扩展后的长度写进 max_position_embeddings。</translation>
    </message>
    <message>
        <source>YaRN&apos;s factor s is meant to be the extension ratio, max_position_embeddings / original_max_position_embeddings. Here they disagree, so either the declared context or the interpolation is not what the model was tuned for; transformers uses the explicit factor and warns.</source>
        <translation>YaRN 的因子 s 应当是扩展倍数 max_position_embeddings / original_max_position_embeddings。这里两者不一致，所以要么声明的上下文、要么插值不是模型调优时的设置；transformers 使用显式给出的因子并发出警告。</translation>
    </message>
    <message>
        <source>Set factor to the ratio, or correct max_position_embeddings to original · factor.</source>
        <translation>把 factor 设为该比值，或把 max_position_embeddings 改为 原始长度 · factor。</translation>
    </message>
    <message>
        <source>q = k = (1/√d, …), key at n = %1 cached with short_factor, query at m = %2 with long_factor: score %3 with the cached key, %4 with the key rotated again</source>
        <translation>q = k = (1/√d, …)，位置 n = %1 的键用 short_factor 缓存，位置 m = %2 的查询用 long_factor：与缓存的键的分数为 %3，键重新旋转后为 %4</translation>
    </message>
    <message>
        <source>LongRoPE rotates with short_factor while the sequence is at most original_max_position_embeddings tokens long and with long_factor once it is longer, for every position including the earlier ones. Keys cached before the switch were rotated with the short factors and no longer match queries rotated with the long ones; transformers recomputes the cache, engines that keep it mix two rotations.</source>
        <translation>序列长度不超过 original_max_position_embeddings 时，LongRoPE 用 short_factor 旋转；一旦更长，就对所有位置（包括之前的位置）改用 long_factor。切换之前缓存的键是用短因子旋转的，与用长因子旋转的查询不再匹配；transformers 会重新计算缓存，保留缓存的推理引擎则混用了两种旋转。</translation>
    </message>
    <message>
        <source>Recompute the KV cache when the sequence crosses original_max_position_embeddings, or pick one factor set for the whole run (vLLM and llama.cpp choose by the configured maximum length).</source>
        <translation>序列越过 original_max_position_embeddings 时重新计算 KV 缓存，或整个运行只用一组因子（vLLM 和 llama.cpp 按配置的最大长度选择）。</translation>
    </message>
    <message>
        <source>q = k = (1/√d, …), key at n = %1 cached when the sequence was %2 long, query at m = %3 of %4: score %5 with the cached key, %6 with the key rotated again</source>
        <translation>q = k = (1/√d, …)，位置 n = %1 的键在序列长 %2 时缓存，长度 %4 中位置 m = %3 的查询：与缓存的键的分数为 %5，键重新旋转后为 %6</translation>
    </message>
    <message>
        <source>Dynamic NTK recomputes the base from the current sequence length once it exceeds the original context. Keys already in the KV cache were rotated with the earlier, smaller base, so cached and fresh rotations disagree (rope-cli kv-cache shows by how much); llama.cpp has no dynamic scaling at all.</source>
        <translation>序列超过原始上下文后，动态 NTK 按当前序列长度重新计算底数。已在 KV 缓存中的键是用更早、更小的底数旋转的，所以缓存的旋转与新的旋转不一致（rope-cli kv-cache 显示差多少）；llama.cpp 根本没有动态缩放。</translation>
    </message>
    <message>
        <source>Recompute the cache when the base changes, or use a static method (YaRN, linear) with the target length.</source>
        <translation>底数改变时重新计算缓存，或用针对目标长度的静态方法（YaRN、线性位置内插）。</translation>
    </message>
    <message>
        <source>layers %1, … (%2 layers)</source>
        <translation>第 %1, … 层（共 %2 层）</translation>
    </message>
    <message>
        <source>layers %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>%1 (%2, rope_theta = %3, max distance %4): Σcos first &lt; 0 at m = %5</source>
        <translation>%1（%2，rope_theta = %3，最大距离 %4）：Σcos 首次 &lt; 0 于 m = %5</translation>
    </message>
    <message>
        <source>For two equal query and key vectors m tokens apart, RoPE&apos;s score is proportional to Σ_i cos(m·θ_i). Once that sum is negative, a copy of the token m positions back scores below an unrelated token: the model can no longer tell similar tokens from random ones at that distance (Men et al. 2024 derive a lower bound on the base from it). Here it happens inside the window of a local (sliding or chunked) layer, the short range that layer exists for: its base, with its scaling, is too small for its window. Full-attention layers are not flagged: published models cross the bound inside their context and still work (rope-cli layers lists them).</source>
        <translation>对于相距 m 个词元、完全相同的查询与键向量，旋转位置编码的分数正比于 Σ_i cos(m·θ_i)。一旦这个和为负，m 个位置之前的同一词元得分反而低于无关词元：在这个距离上模型再也分不清相似词元与随机词元（Men 等 2024 据此推出底数的下界）。这里它发生在局部（滑动窗口或分块）层的窗口之内，正是该层负责的短程范围：它的底数（连同缩放）对它的窗口来说太小。全注意力层不做标记：已发布的模型在其上下文内都会越过这个界限，仍然工作正常（rope-cli layers 会列出它们）。</translation>
    </message>
    <message>
        <source>Give the local layers a base of at least b*(window) (rope-cli min-base, or the Base bound panel), or shorten their window; do not apply the global layers&apos; scaling to them.</source>
        <translation>给局部层至少 b*(窗口) 的底数（rope-cli min-base，或“底数下界”面板），或缩短它们的窗口；不要把全局层的缩放用到它们身上。</translation>
    </message>
    <message>
        <source>Context beyond the trained length, no scaling</source>
        <translation>上下文超出训练长度且未缩放</translation>
    </message>
    <message>
        <source>Scaling declared but switched off</source>
        <translation>声明了缩放却被关闭</translation>
    </message>
    <message>
        <source>--rope-freq-scale given as the factor</source>
        <translation>把 --rope-freq-scale 填成了因子</translation>
    </message>
    <message>
        <source>Base overridden on the command line</source>
        <translation>命令行覆盖了底数</translation>
    </message>
    <message>
        <source>Scaling stacked on the model&apos;s own</source>
        <translation>缩放叠加在模型自己的缩放之上</translation>
    </message>
    <message>
        <source>DeepSeek&apos;s two mscales folded into one</source>
        <translation>DeepSeek 的两个 mscale 被合成一个</translation>
    </message>
    <message>
        <source>M-RoPE sections in the wrong layout</source>
        <translation>M-RoPE 分段布局错误</translation>
    </message>
    <message>
        <source>Gemma 3&apos;s scaling applied to the local layers</source>
        <translation>Gemma 3 的缩放被用到局部层</translation>
    </message>
    <message>
        <source>Original and extended context swapped</source>
        <translation>原始上下文与扩展上下文写反</translation>
    </message>
    <message>
        <source>YaRN factor differs from max / original context</source>
        <translation>YaRN 因子与 最大 / 原始 上下文之比不符</translation>
    </message>
    <message>
        <source>LongRoPE switches factors past the original context</source>
        <translation>LongRoPE 超过原始上下文后切换因子</translation>
    </message>
    <message>
        <source>Dynamic NTK with a KV cache</source>
        <translation>动态 NTK 与 KV 缓存</translation>
    </message>
    <message>
        <source>Σcos &lt; 0 within a local layer&apos;s window</source>
        <translation>局部层窗口内 Σcos &lt; 0</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>No check fired (%1 checks).</source>
        <translation>没有检查项触发（共 %1 项检查）。</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修正：%1</translation>
    </message>
    <message>
        <source>llama.cpp does not compute this model&apos;s RoPE as transformers does: the evidence lists what differs (θ per pair, magnitude, rotating layers, windows) and the first distance at which the two engines&apos; scores part. The model was trained with transformers&apos; numbers.</source>
        <translation>llama.cpp 对该模型 RoPE 的计算与 transformers 不同：证据列出了差异所在（每对的 θ、幅度、旋转的层、窗口）以及两个引擎的得分开始分离的第一个距离。模型是按 transformers 的数值训练的。</translation>
    </message>
    <message>
        <source>Where a flag or GGUF key closes the gap, use it; where none does, know that llama.cpp&apos;s output differs from the reference implementation: %1</source>
        <translation>若有参数或 GGUF 键能消除差异，请使用它；若没有，请注意 llama.cpp 的输出与参考实现不同：%1</translation>
    </message>
    <message>
        <source>llama.cpp computes this model&apos;s RoPE differently</source>
        <translation>llama.cpp 对该模型 RoPE 的计算不同</translation>
    </message>
    <message>
        <source>scores differ by more than %1 from distance %2 (layer %3)</source>
        <translation>分数自距离 %2 起相差超过 %1（第 %3 层）</translation>
    </message>
    <message>
        <source>scores stay within %1 of each other</source>
        <translation>两者的分数相差始终不超过 %1</translation>
    </message>
    <message>
        <source>family %1: %2 (llama.cpp rope type %3)</source>
        <translation>家族 %1：%2（llama.cpp rope 类型 %3）</translation>
    </message>
    <message>
        <source>sections interleaved</source>
        <translation>各段交错排列</translation>
    </message>
    <message>
        <source>sections in blocks</source>
        <translation>各段按块排列</translation>
    </message>
    <message>
        <source>Qwen2-VL and Qwen2.5-VL give the time, height and width positions to consecutive blocks of pairs; Qwen3-VL and Qwen3.5 interleave them (t, h, w, t, h, w, …). For text tokens all three positions are equal, so both layouts agree and the mistake is invisible; on images and video the wrong pairs get the height and width positions.</source>
        <translation>Qwen2-VL 和 Qwen2.5-VL 把时间、高度、宽度位置分给连续的频率对块；Qwen3-VL 和 Qwen3.5 则交错排列（t, h, w, t, h, w, …）。文本词元的三个位置相等，两种布局结果一致，错误看不出来；在图像和视频上，错误的频率对拿到了高度和宽度位置。</translation>
    </message>
    <message>
        <source>Set mrope_interleaved to true for Qwen3-VL and Qwen3.5 and leave it false (or absent) for Qwen2-VL / Qwen2.5-VL.</source>
        <translation>Qwen3-VL 和 Qwen3.5 把 mrope_interleaved 设为 true；Qwen2-VL / Qwen2.5-VL 保持 false（或不写）。</translation>
    </message>
</context>
<context>
    <name>FigureOptions</name>
    <message>
        <source>&amp;Scheme:</source>
        <translation>方案(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>视图(&amp;V)：</translation>
    </message>
    <message>
        <source>image (position × dimension)</source>
        <translation>图像（位置 × 维度）</translation>
    </message>
    <message>
        <source>curves per dimension</source>
        <translation>逐维度曲线</translation>
    </message>
    <message>
        <source>checklist, all schemes</source>
        <translation>检查表，全部方案</translation>
    </message>
    <message>
        <source>&amp;d:</source>
        <translation>&amp;d：</translation>
    </message>
    <message>
        <source>Encoding width d (even).</source>
        <translation>编码宽度 d（偶数）。</translation>
    </message>
    <message>
        <source>&amp;Positions:</source>
        <translation>位置数(&amp;P)：</translation>
    </message>
    <message>
        <source>Number of positions P (and the sequence length N).</source>
        <translation>位置数 P（也是序列长度 N）。</translation>
    </message>
    <message>
        <source>&amp;Encoding:</source>
        <translation>编码(&amp;E)：</translation>
    </message>
    <message>
        <source>scores QKᵀ/√d</source>
        <translation>分数 QKᵀ/√d</translation>
    </message>
    <message>
        <source>softmax weights</source>
        <translation>softmax 权重</translation>
    </message>
    <message>
        <source>&amp;Attention factor:</source>
        <translation>注意力因子(&amp;A)：</translation>
    </message>
    <message>
        <source>q and k are multiplied by a, so every score by a² (an inverse softmax temperature).</source>
        <translation>q 和 k 乘以 a，于是每个分数乘以 a²（相当于 softmax 温度的倒数）。</translation>
    </message>
    <message>
        <source>b*(L) curves and models</source>
        <translation>b*(L) 曲线与模型</translation>
    </message>
    <message>
        <source>Σcos(mθᵢ) over the context</source>
        <translation>整个上下文上的 Σcos(mθᵢ)</translation>
    </message>
    <message>
        <source>published tables vs exact b*</source>
        <translation>论文表格 vs 精确 b*</translation>
    </message>
    <message>
        <source>&amp;Dense curves</source>
        <translation>密集曲线(&amp;D)</translation>
    </message>
    <message>
        <source>b*(L) at 100 contexts per decade up to 2^20 and the all-above threshold b_T(L), for the current d, computed in the background and kept on disk. rope-cli: min-base --range.</source>
        <translation>对当前 d，在每个数量级取 100 个上下文长度直到 2^20 计算 b*(L) 以及“其上全部可行”的阈值 b_T(L)；在后台计算并保存在磁盘上。rope-cli：min-base --range。</translation>
    </message>
    <message>
        <source>E&amp;xtend to 1M</source>
        <translation>扩展到 1M(&amp;X)</translation>
    </message>
    <message>
        <source>Add L = 2^17 … 2^20 to the b*(L) curves, computed once in the background (results are kept).</source>
        <translation>在 b*(L) 曲线上加入 L = 2^17 … 2^20，在后台计算一次（结果会保留）。</translation>
    </message>
    <message>
        <source>Compute the smallest base &amp;b* for L</source>
        <translation>计算 L 所需的最小底数 &amp;b*</translation>
    </message>
    <message>
        <source>&amp;Tokens:</source>
        <translation>词元数(&amp;T)：</translation>
    </message>
    <message>
        <source>Tokens s in the generated Q/K.</source>
        <translation>生成的 Q/K 中的词元数 s。</translation>
    </message>
    <message>
        <source>&amp;Heads:</source>
        <translation>头数(&amp;H)：</translation>
    </message>
    <message>
        <source>Heads of Q and of K.</source>
        <translation>Q 与 K 的注意力头数。</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>线程数(&amp;H)：</translation>
    </message>
    <message>
        <source>Threads requested; small work uses fewer (see the readout).</source>
        <translation>请求的线程数；工作量小时会用得更少（见读数）。</translation>
    </message>
    <message>
        <source>&amp;Runs:</source>
        <translation>运行次数(&amp;R)：</translation>
    </message>
    <message>
        <source>Timed runs per bar (median).</source>
        <translation>每个柱的计时运行次数（取中位数）。</translation>
    </message>
    <message>
        <source>L&amp;ayout:</source>
        <translation>布局(&amp;A)：</translation>
    </message>
    <message>
        <source>form&apos;s layout</source>
        <translation>参数表中的布局</translation>
    </message>
    <message>
        <source>&amp;ISA:</source>
        <translation>指令集(&amp;I)：</translation>
    </message>
    <message>
        <source>SIMD ISA compared with the reference (widest first).</source>
        <translation>与参考实现比较的 SIMD 指令集（最宽的在前）。</translation>
    </message>
    <message>
        <source>&amp;Angles:</source>
        <translation>角度(&amp;A)：</translation>
    </message>
    <message>
        <source>table, computed, ggml-style</source>
        <translation>查表、现算、ggml 风格</translation>
    </message>
    <message>
        <source>table only</source>
        <translation>仅查表</translation>
    </message>
    <message>
        <source>Where cos/sin come from: a prebuilt table, computed in the pass, or the ggml-style baseline (float-accumulated angles).</source>
        <translation>cos/sin 的来源：预先建好的表、在同一遍中现算，或 ggml 风格的基线（float 累乘的角度）。</translation>
    </message>
    <message>
        <source>&amp;Curve:</source>
        <translation>曲线(&amp;C)：</translation>
    </message>
    <message>
        <source>mean cosine (2/d)Σcos(mθᵢ)</source>
        <translation>平均余弦 (2/d)Σcos(mθᵢ)</translation>
    </message>
    <message>
        <source>RoFormer upper bound</source>
        <translation>RoFormer 上界</translation>
    </message>
    <message>
        <source>expected score, similar key</source>
        <translation>相似键的期望分数</translation>
    </message>
    <message>
        <source>Which decay measure is drawn.</source>
        <translation>绘制哪一种衰减度量。</translation>
    </message>
    <message>
        <source>Also &amp;bases:</source>
        <translation>其他底数(&amp;B)：</translation>
    </message>
    <message>
        <source>Extra bases drawn with the current one (comma-separated, at most 8; Enter applies).</source>
        <translation>与当前底数一起绘制的其他底数（逗号分隔，最多 8 个；按回车应用）。</translation>
    </message>
    <message>
        <source>&amp;Log distance axis</source>
        <translation>距离轴取对数(&amp;L)</translation>
    </message>
    <message>
        <source>m = 1 … L−1 on a log axis; each column still covers every distance in it.</source>
        <translation>m = 1 … L−1 画在对数轴上；每一列仍覆盖其中的每个距离。</translation>
    </message>
    <message>
        <source>wavelengths per pair</source>
        <translation>每对的波长</translation>
    </message>
    <message>
        <source>heatmap before | after</source>
        <translation>热图：之前 | 之后</translation>
    </message>
    <message>
        <source>decay before vs after</source>
        <translation>衰减：之前 vs 之后</translation>
    </message>
    <message>
        <source>What to compare before and after the extension method.</source>
        <translation>比较扩展方法之前与之后的哪一项。</translation>
    </message>
    <message>
        <source>Other layers&apos; base</source>
        <translation>其他层的底数</translation>
    </message>
    <message>
        <source>Wavelengths view: also draw layers with this base (the other layer kind of the loaded model).</source>
        <translation>波长视图：同时绘制使用此底数的层（已加载模型中的另一类层）。</translation>
    </message>
    <message>
        <source>Other layers&apos; linear factor</source>
        <translation>其他层的线性因子</translation>
    </message>
    <message>
        <source>Linear (position interpolation) factor of the other layers; unset = 1.</source>
        <translation>其他层的线性（位置内插）因子；未设置 = 1。</translation>
    </message>
    <message>
        <source>Other layers&apos; rotary dimension</source>
        <translation>其他层的旋转维度</translation>
    </message>
    <message>
        <source>Rotary dimension of the other layers; unset = the current one.</source>
        <translation>其他层的旋转维度；未设置 = 当前值。</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>cos(mθᵢ)</source>
        <translation>cos(mθᵢ)</translation>
    </message>
    <message>
        <source>sin(mθᵢ)</source>
        <translation>sin(mθᵢ)</translation>
    </message>
    <message>
        <source>angle mθᵢ mod 2π</source>
        <translation>角度 mθᵢ mod 2π</translation>
    </message>
    <message>
        <source>What each cell shows.</source>
        <translation>每个单元格显示的内容。</translation>
    </message>
    <message>
        <source>&amp;Periods λᵢ</source>
        <translation>周期 λᵢ(&amp;P)</translation>
    </message>
    <message>
        <source>Mark each pair&apos;s period 2π/θᵢ = 2π·b^(2i/d) tokens.</source>
        <translation>标出每对的周期 2π/θᵢ = 2π·b^(2i/d) 个词元。</translation>
    </message>
    <message>
        <source>first position shown</source>
        <translation>显示的第一个位置</translation>
    </message>
    <message>
        <source>last position shown</source>
        <translation>显示的最后一个位置</translation>
    </message>
    <message>
        <source>one pair as complex numbers</source>
        <translation>把一对看作复数</translation>
    </message>
    <message>
        <source>residual entry by entry</source>
        <translation>逐元素残差</translation>
    </message>
    <message>
        <source>&amp;Identity:</source>
        <translation>恒等式(&amp;I)：</translation>
    </message>
    <message>
        <source>Residual view: which identity&apos;s residual matrix is drawn.</source>
        <translation>残差视图：绘制哪个恒等式的残差矩阵。</translation>
    </message>
    <message>
        <source>&amp;Pair:</source>
        <translation>维度对(&amp;P)：</translation>
    </message>
    <message>
        <source>Complex view: which pair i is drawn (clamped to d/2 − 1).</source>
        <translation>复数视图：绘制第几对 i（不超过 d/2 − 1）。</translation>
    </message>
    <message>
        <source>&amp;Factor s:</source>
        <translation>因子 s(&amp;F)：</translation>
    </message>
    <message>
        <source>Dynamic NTK factor s; used unless the parameters already choose the dynamic method (then its factor is used).</source>
        <translation>Dynamic NTK 的因子 s；若参数中已选择 dynamic 方法，则使用该方法的因子。</translation>
    </message>
    <message>
        <source>&amp;Cached at length C:</source>
        <translation>缓存时长度 C(&amp;C)：</translation>
    </message>
    <message>
        <source>Sequence length when the key was written to the cache (0 = auto: L₀/2, so the plot starts before L₀).</source>
        <translation>键写入缓存时的序列长度（0 = 自动：L₀/2，使图从 L₀ 之前开始）。</translation>
    </message>
    <message>
        <source>L₀/2</source>
        <translation>L₀/2</translation>
    </message>
    <message>
        <source>&amp;Key position n:</source>
        <translation>键位置 n(&amp;K)：</translation>
    </message>
    <message>
        <source>Position of the cached key, below C (−1 = auto: C − 1, the newest key at caching time).</source>
        <translation>被缓存的键的位置，小于 C（−1 = 自动：C − 1，即缓存时最新的键）。</translation>
    </message>
    <message>
        <source>C − 1</source>
        <translation>C − 1</translation>
    </message>
    <message>
        <source>&amp;Query position m:</source>
        <translation>查询位置 m(&amp;Q)：</translation>
    </message>
    <message>
        <source>Fixed query position (−1 = the newest token, m = L − 1, at every length).</source>
        <translation>固定的查询位置（−1 = 每个长度下最新的词元，m = L − 1）。</translation>
    </message>
    <message>
        <source>newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>&amp;Up to length:</source>
        <translation>最大长度(&amp;U)：</translation>
    </message>
    <message>
        <source>Longest sequence drawn (0 = auto: 4·L₀).</source>
        <translation>绘制的最长序列（0 = 自动：4·L₀）。</translation>
    </message>
    <message>
        <source>4·L₀</source>
        <translation>4·L₀</translation>
    </message>
    <message>
        <source>which coordinates pair up</source>
        <translation>哪些坐标配成一对</translation>
    </message>
    <message>
        <source>W_q/W_k row permutation</source>
        <translation>W_q/W_k 行置换</translation>
    </message>
    <message>
        <source>scores: converted vs. the bug</source>
        <translation>分数：转换后 vs 错误用法</translation>
    </message>
    <message>
        <source>Head dimension d of this panel (even).</source>
        <translation>本面板的头维度 d（偶数）。</translation>
    </message>
    <message>
        <source>Layout of the rotation matrix view.</source>
        <translation>旋转矩阵视图的布局。</translation>
    </message>
    <message>
        <source>Number of heads in the row-permutation view (d·heads ≤ 512).</source>
        <translation>行置换视图中的头数（d·头数 ≤ 512）。</translation>
    </message>
    <message>
        <source>max n−&amp;m:</source>
        <translation>最大 n−&amp;m：</translation>
    </message>
    <message>
        <source>Largest n − m of the scores view (tokens).</source>
        <translation>分数视图中最大的 n − m（词元）。</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>Qwen2-VL (blocks)</source>
        <translation>Qwen2-VL（分块）</translation>
    </message>
    <message>
        <source>Qwen3-VL (interleaved)</source>
        <translation>Qwen3-VL（交错）</translation>
    </message>
    <message>
        <source>How mrope_section assigns pairs to the axes; Qwen3-VL also splits videos into frames.</source>
        <translation>mrope_section 如何把维度对分配给各个轴；Qwen3-VL 还会把视频拆成帧。</translation>
    </message>
    <message>
        <source>&amp;Section t,h,w:</source>
        <translation>分段 t,h,w(&amp;S)：</translation>
    </message>
    <message>
        <source>mrope_section in pairs, e.g. 16,24,24 (must sum to d/2); empty: the model&apos;s own, in the same proportions when d/2 is not 64. Enter applies.</source>
        <translation>mrope_section，以维度对为单位，例如 16,24,24（总和须为 d/2）；留空：使用模型自己的设置，d/2 不是 64 时按相同比例。按回车应用。</translation>
    </message>
    <message>
        <source>Layout such as text:4,image:1x3x4,video:2x2x3 (grids T×H×W after the 2×2 merge). Enter applies.</source>
        <translation>布局，例如 text:4,image:1x3x4,video:2x2x3（2×2 合并后的 T×H×W 网格）。按回车应用。</translation>
    </message>
    <message>
        <source>&amp;Query token:</source>
        <translation>查询词元(&amp;Q)：</translation>
    </message>
    <message>
        <source>Token index of the query (−1 = the last token).</source>
        <translation>查询的词元序号（−1 = 最后一个词元）。</translation>
    </message>
    <message>
        <source>last</source>
        <translation>最后</translation>
    </message>
    <message>
        <source>&amp;Key token:</source>
        <translation>键词元(&amp;K)：</translation>
    </message>
    <message>
        <source>Token index of the key.</source>
        <translation>键的词元序号。</translation>
    </message>
    <message>
        <source>angle error</source>
        <translation>角度误差</translation>
    </message>
    <message>
        <source>cos/sin error</source>
        <translation>cos/sin 误差</translation>
    </message>
    <message>
        <source>score error</source>
        <translation>分数误差</translation>
    </message>
    <message>
        <source>float32 accumulated angle</source>
        <translation>float32 累乘角度</translation>
    </message>
    <message>
        <source>What is compared with double. Accumulated: the angle of the float32 repeated multiplication θᵢ₊₁ = θᵢ·σ (ggml&apos;s CPU rope) against the exact angle.</source>
        <translation>与 double 比较的量。累乘：float32 反复相乘 θᵢ₊₁ = θᵢ·σ（ggml 的 CPU rope）得到的角度与精确角度之差。</translation>
    </message>
    <message>
        <source>&amp;Rounding:</source>
        <translation>舍入(&amp;R)：</translation>
    </message>
    <message>
        <source>mθ in low precision</source>
        <translation>低精度计算 mθ</translation>
    </message>
    <message>
        <source>double, then cast cos/sin</source>
        <translation>先用 double，再转换 cos/sin</translation>
    </message>
    <message>
        <source>Where the rounding happens: in the angle m·θ, or only in the finished cos/sin table.</source>
        <translation>舍入发生在哪里：在角度 m·θ 中，还是只在算好的 cos/sin 表中。</translation>
    </message>
    <message>
        <source>Pair i whose error is drawn (worst: maximum over pairs).</source>
        <translation>绘制误差的维度对 i（最差：所有对中的最大值）。</translation>
    </message>
    <message>
        <source>worst</source>
        <translation>最差</translation>
    </message>
    <message>
        <source>Pro&amp;be m:</source>
        <translation>探测位置 m(&amp;B)：</translation>
    </message>
    <message>
        <source>Position m whose neighbours are checked for aliasing (= m: the form&apos;s position m; try 15962).</source>
        <translation>检查其邻近位置是否混叠的位置 m（= m：参数表中的位置 m；试试 15962）。</translation>
    </message>
    <message>
        <source>= m</source>
        <translation>= m</translation>
    </message>
    <message>
        <source>Up &amp;to m:</source>
        <translation>最大 m(&amp;T)：</translation>
    </message>
    <message>
        <source>Largest position on the x axis.</source>
        <translation>x 轴上的最大位置。</translation>
    </message>
    <message>
        <source>2D RoPE</source>
        <translation>二维 RoPE</translation>
    </message>
    <message>
        <source>1D RoPE, flattened</source>
        <translation>展平的一维 RoPE</translation>
    </message>
    <message>
        <source>exp(xB₁+yB₂) generators</source>
        <translation>exp(xB₁+yB₂) 生成元</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>行数(&amp;R)：</translation>
    </message>
    <message>
        <source>Grid height h (patches).</source>
        <translation>网格高度 h（图块）。</translation>
    </message>
    <message>
        <source>&amp;Columns:</source>
        <translation>列数(&amp;C)：</translation>
    </message>
    <message>
        <source>Grid width w (patches).</source>
        <translation>网格宽度 w（图块）。</translation>
    </message>
    <message>
        <source>Query &amp;x:</source>
        <translation>查询 &amp;x：</translation>
    </message>
    <message>
        <source>Query patch row x (or click a patch).</source>
        <translation>查询图块的行 x（或点击一个图块）。</translation>
    </message>
    <message>
        <source>Query &amp;y:</source>
        <translation>查询 &amp;y：</translation>
    </message>
    <message>
        <source>Query patch column y (or click a patch).</source>
        <translation>查询图块的列 y（或点击一个图块）。</translation>
    </message>
    <message>
        <source>Head dimension d (a multiple of 4: d/4 frequencies per axis).</source>
        <translation>头维度 d（4 的倍数：每个轴 d/4 个频率）。</translation>
    </message>
    <message>
        <source>&amp;Vectors:</source>
        <translation>向量(&amp;V)：</translation>
    </message>
    <message>
        <source>q = k = 1</source>
        <translation>q = k = 1</translation>
    </message>
    <message>
        <source>q = k random</source>
        <translation>q = k 随机</translation>
    </message>
    <message>
        <source>q, k random</source>
        <translation>q、k 随机</translation>
    </message>
    <message>
        <source>Query and key vectors (seeded, uniform in [−1, 1)).</source>
        <translation>查询与键向量（固定种子，在 [−1, 1) 上均匀分布）。</translation>
    </message>
    <message>
        <source>&amp;Pair i:</source>
        <translation>维度对 i(&amp;P)：</translation>
    </message>
    <message>
        <source>Which pair (i) is drawn large.</source>
        <translation>放大绘制哪一对 (i)。</translation>
    </message>
    <message>
        <source>&amp;k vs q:</source>
        <translation>&amp;k 与 q 夹角：</translation>
    </message>
    <message>
        <source>Angle between q and k before any rotation.</source>
        <translation>旋转之前 q 与 k 之间的夹角。</translation>
    </message>
    <message>
        <source>feasibility landscape min f over b</source>
        <translation>可行性地形：min f 随 b 的变化</translation>
    </message>
    <message>
        <source>smallest base shown</source>
        <translation>显示的最小底数</translation>
    </message>
    <message>
        <source>largest base shown</source>
        <translation>显示的最大底数</translation>
    </message>
    <message>
        <source>Pa&amp;ge:</source>
        <translation>页(&amp;G)：</translation>
    </message>
    <message>
        <source>Step of the derivation (Previous / Next).</source>
        <translation>推导的第几步（上一步 / 下一步）。</translation>
    </message>
    <message>
        <source>&amp;Tolerance:</source>
        <translation>容差(&amp;T)：</translation>
    </message>
    <message>
        <source>Loaded model&apos;s &amp;layers</source>
        <translation>已加载模型的各层(&amp;L)</translation>
    </message>
    <message>
        <source>Curves view: every rotating layer kind of the loaded model at (its span L = max distance + 1, its base). A point above the b*(L) curve of its d keeps Σcos ≥ 0 over the whole span.</source>
        <translation>曲线视图：已加载模型中每种旋转层画在（跨度 L = 最大距离 + 1，其底数）处。点位于其 d 的 b*(L) 曲线之上，则在整个跨度内 Σcos ≥ 0。</translation>
    </message>
    <message>
        <source>Layer points</source>
        <translation>层的点</translation>
    </message>
    <message>
        <source>L:b:d per layer kind, comma-separated.</source>
        <translation>每种层一个 L:b:d，以逗号分隔。</translation>
    </message>
    <message>
        <source>Σcos view: search b* with f ≥ 0 on 0 … L−1 (Men et al. 2024; Su 2024). Takes up to seconds for long contexts; runs in the background.</source>
        <translation>Σcos 视图：在 0 … L−1 上搜索满足 f ≥ 0 的 b*（Men 等，2024；苏剑林，2024）。长上下文可能需要数秒；在后台运行。</translation>
    </message>
    <message>
        <source>learned absolute</source>
        <translation>可学习绝对位置</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation>T5 分桶</translation>
    </message>
    <message>
        <source>NoPE (causal mask)</source>
        <translation>NoPE（因果掩码）</translation>
    </message>
    <message>
        <source>p-RoPE</source>
        <translation>p-RoPE</translation>
    </message>
    <message>
        <source>&amp;Mask:</source>
        <translation>掩码(&amp;M)：</translation>
    </message>
    <message>
        <source>causal (decoder)</source>
        <translation>因果（解码器）</translation>
    </message>
    <message>
        <source>Mask of every scheme except “none” (never masked) and NoPE (always causal).</source>
        <translation>除“无”（从不加掩码）和 NoPE（总是因果）之外，所有方案使用的掩码。</translation>
    </message>
    <message>
        <source>distinct tokens</source>
        <translation>互不相同的词元</translation>
    </message>
    <message>
        <source>Even; the toy head&apos;s own width (the base b is the form&apos;s).</source>
        <translation>偶数；玩具注意力头自己的宽度（底数 b 取自参数表单）。</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Seed of the tokens, the projections, the learned table and T5&apos;s bucket biases.</source>
        <translation>词元、投影矩阵、可学习位置表和 T5 桶偏置的随机种子。</translation>
    </message>
    <message>
        <source>1 … n; its slope is m = 2^(−8h/n) when n is a power of two.</source>
        <translation>1 … n；n 为 2 的幂时，其斜率 m = 2^(−8h/n)。</translation>
    </message>
    <message>
        <source>T5 &amp;buckets:</source>
        <translation>T5 桶数(&amp;B)：</translation>
    </message>
    <message>
        <source>T5 ma&amp;x distance:</source>
        <translation>T5 最大距离(&amp;X)：</translation>
    </message>
    <message>
        <source>Fraction of the frequencies that rotate (the highest); the rest are left unrotated.</source>
        <translation>参与旋转的频率所占比例（取最高的频率）；其余的不旋转。</translation>
    </message>
    <message>
        <source>none (no mask)</source>
        <translation>无（无掩码）</translation>
    </message>
    <message>
        <source>&amp;Left:</source>
        <translation>左(&amp;L)：</translation>
    </message>
    <message>
        <source>Position scheme of the left score map.</source>
        <translation>左侧分数图的位置编码方案。</translation>
    </message>
    <message>
        <source>&amp;Right:</source>
        <translation>右(&amp;R)：</translation>
    </message>
    <message>
        <source>Position scheme of the right score map.</source>
        <translation>右侧分数图的位置编码方案。</translation>
    </message>
    <message>
        <source>none (encoder)</source>
        <translation>无（编码器）</translation>
    </message>
    <message>
        <source>One random token repeated T times, or T distinct random tokens.</source>
        <translation>一个随机词元重复 T 次，或 T 个互不相同的随机词元。</translation>
    </message>
    <message>
        <source>&amp;T:</source>
        <translation>&amp;T：</translation>
    </message>
    <message>
        <source>Sequence length T (tokens).</source>
        <translation>序列长度 T（词元数）。</translation>
    </message>
    <message>
        <source>ALiBi &amp;n:</source>
        <translation>ALiBi &amp;n：</translation>
    </message>
    <message>
        <source>Number of ALiBi heads n; the slopes follow Press et al. 2021.</source>
        <translation>ALiBi 的头数 n；斜率按 Press 等 2021 的规则。</translation>
    </message>
    <message>
        <source>ALiBi &amp;h:</source>
        <translation>ALiBi &amp;h：</translation>
    </message>
    <message>
        <source>p-RoPE &amp;p:</source>
        <translation>p-RoPE &amp;p：</translation>
    </message>
    <message>
        <source>repeated token</source>
        <translation>重复的词元</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>Compare &amp;with:</source>
        <translation>对比对象(&amp;W)：</translation>
    </message>
    <message>
        <source>The second configuration: &apos;unscaled&apos; (the current parameters without their scaling: what an engine that ignores the scaling computes), a preset id (llama-3.1-8b) or a config.json / GGUF file.</source>
        <translation>第二个配置：“unscaled”（当前参数去掉缩放，即忽略缩放的推理引擎实际算出的结果）、预设编号（llama-3.1-8b），或 config.json / GGUF 文件。</translation>
    </message>
    <message>
        <source>&amp;Context:</source>
        <translation>上下文(&amp;C)：</translation>
    </message>
    <message>
        <source>The context you run at (tokens): the doctor&apos;s context checks and the compared distances (0 = not given: the longer model&apos;s context, at most 262144).</source>
        <translation>实际运行的上下文长度（词元）：用于诊断中的上下文检查和对比的距离范围（0 = 未给出：取两个模型中较长的上下文，最多 262144）。</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>推理引擎(&amp;E)：</translation>
    </message>
    <message>
        <source>The engine that runs the model: llama.cpp adds the checks of its command-line arguments.</source>
        <translation>运行模型的推理引擎：选 llama.cpp 时还会检查其命令行参数。</translation>
    </message>
    <message>
        <source>llama.cpp &amp;arguments:</source>
        <translation>llama.cpp 参数(&amp;A)：</translation>
    </message>
    <message>
        <source>The llama.cpp arguments you pass, e.g. --rope-freq-base 10000 --rope-freq-scale 8 (with Engine llama.cpp).</source>
        <translation>传给 llama.cpp 的参数，例如 --rope-freq-base 10000 --rope-freq-scale 8（推理引擎为 llama.cpp 时）。</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>The model the doctor checks: a preset id or a file (set when a model is loaded; empty: the current parameters).</source>
        <translation>诊断检查的模型：预设编号或文件（载入模型时设置；为空时检查当前参数）。</translation>
    </message>
    <message>
        <source>&amp;Men et al.&apos;s fit</source>
        <translation>Men 等的拟合(&amp;M)</translation>
    </message>
    <message>
        <source>Curves view: Men et al.&apos;s (2024) fitted lower bound b = 0.0424·L^1.628 beside the exact b*(L, 128), with where and by how much it is off.</source>
        <translation>曲线视图：Men 等（2024）拟合的下界 b = 0.0424·L^1.628，画在精确 b*(L, 128) 旁边，并给出它偏差的位置和大小。</translation>
    </message>
    <message>
        <source>&amp;Critical dimension</source>
        <translation>临界维度(&amp;C)</translation>
    </message>
    <message>
        <source>Wavelengths and heatmap views: mark Liu et al.&apos;s critical dimension of the original ladder for the original context L₀ (pairs left of it complete a full turn within L₀).</source>
        <translation>波长视图和热图视图：标出原始频率阶梯在原始上下文 L₀ 下的 Liu 等临界维度（它左边的对在 L₀ 内转满一圈）。</translation>
    </message>
    <message>
        <source>&amp;FoPE cut-off</source>
        <translation>FoPE 截断(&amp;F)</translation>
    </message>
    <message>
        <source>Wavelengths view: mark the pairs FoPE (Hua et al. 2024) sets to zero, those with θ &lt; 2π/L₀ (wavelength above the original context L₀).</source>
        <translation>波长视图：标出 FoPE（Hua 等 2024）置零的对，即 θ &lt; 2π/L₀（波长大于原始上下文 L₀）的对。</translation>
    </message>
    <message>
        <source>Mark Liu et al.&apos;s critical dimension d_extra = 2⌈(d/2)·log_b(L/2π)⌉: left of the line the pairs complete a full turn within L, right of it they do not.</source>
        <translation>标出 Liu 等的临界维度 d_extra = 2⌈(d/2)·log_b(L/2π)⌉：线左边的对在 L 内转满一圈，右边的对没有。</translation>
    </message>
    <message>
        <source>‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖</source>
        <translation>‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖</translation>
    </message>
    <message>
        <source>‖W_q⁽ⁱ⁾‖ (query heads)</source>
        <translation>‖W_q⁽ⁱ⁾‖（查询头）</translation>
    </message>
    <message>
        <source>‖W_k⁽ⁱ⁾‖ (key/value heads)</source>
        <translation>‖W_k⁽ⁱ⁾‖（键/值头）</translation>
    </message>
    <message>
        <source>Frobenius norm of the two rows of W_q and/or W_k that produce a head&apos;s two components of pair i; the product bounds the pair&apos;s share of qᵀR k.</source>
        <translation>W_q 和/或 W_k 中产生一个头第 i 对两个分量的两行的 Frobenius 范数；乘积给出这一对在 qᵀR k 中所占份额的上界。</translation>
    </message>
    <message>
        <source>every head of every layer</source>
        <translation>每层的每个头</translation>
    </message>
    <message>
        <source>one row per layer (mean)</source>
        <translation>每层一行（平均）</translation>
    </message>
    <message>
        <source>One row per head, or per layer averaged over its heads.</source>
        <translation>每个头一行，或每层一行（对该层的头取平均）。</translation>
    </message>
    <message>
        <source>&amp;Logarithmic colours</source>
        <translation>对数颜色(&amp;L)</translation>
    </message>
    <message>
        <source>Colour by the logarithm of the norm (norms span decades in real models).</source>
        <translation>按范数的对数着色（真实模型中范数跨越多个数量级）。</translation>
    </message>
    <message>
        <source>model folder</source>
        <translation>模型文件夹</translation>
    </message>
    <message>
        <source>A folder with config.json and safetensors files; empty for the bundled synthetic model.</source>
        <translation>含 config.json 和 safetensors 文件的文件夹；留空则使用内置的合成模型。</translation>
    </message>
    <message>
        <source>the attention factor of the scaling method</source>
        <translation>缩放方法的注意力因子</translation>
    </message>
    <message>
        <source>a range around b* and b_T (set by zooming)</source>
        <translation>b* 与 b_T 附近的范围（缩放时设置）</translation>
    </message>
    <message>
        <source>no arguments</source>
        <translation>无参数</translation>
    </message>
    <message>
        <source>the loaded model, else the current parameters</source>
        <translation>已加载的模型，否则为当前参数</translation>
    </message>
    <message>
        <source>no comparison (set from the loaded model&apos;s other layer kind)</source>
        <translation>不比较（由已加载模型的另一类层设置）</translation>
    </message>
    <message>
        <source>1 (no interpolation)</source>
        <translation>1（不内插）</translation>
    </message>
    <message>
        <source>the current rotary dimension</source>
        <translation>当前的旋转维度</translation>
    </message>
    <message>
        <source>the first position of the context (set by zooming)</source>
        <translation>上下文的第一个位置（缩放时设置）</translation>
    </message>
    <message>
        <source>the last position of the context (set by zooming)</source>
        <translation>上下文的最后一个位置（缩放时设置）</translation>
    </message>
    <message>
        <source>L₀/2, half the original context</source>
        <translation>L₀/2，原始上下文的一半</translation>
    </message>
    <message>
        <source>C − 1, the newest key at caching time</source>
        <translation>C − 1，缓存时最新的键</translation>
    </message>
    <message>
        <source>the newest token, m = L − 1</source>
        <translation>最新的词元，m = L − 1</translation>
    </message>
    <message>
        <source>4·L₀, four times the original context</source>
        <translation>4·L₀，原始上下文的四倍</translation>
    </message>
    <message>
        <source>the middle row of the grid</source>
        <translation>网格的中间行</translation>
    </message>
    <message>
        <source>the middle column of the grid</source>
        <translation>网格的中间列</translation>
    </message>
    <message>
        <source>Which pair&apos;s θᵢ = b⁻²ⁱᐟᵈ pages 1–9 and 11 use.</source>
        <translation>第 1–9 页和第 11 页使用哪一对的 θᵢ = b⁻²ⁱᐟᵈ。</translation>
    </message>
    <message>
        <source>Angle α between q and k before any rotation (0: the arc is exactly (n − m)θ).</source>
        <translation>旋转之前 q 与 k 的夹角 α（为 0 时弧恰好是 (n − m)θ）。</translation>
    </message>
    <message>
        <source>Pages 8 and 9: two positions collide (or mirror each other) when their angles agree within this many degrees.</source>
        <translation>第 8、9 页：两个位置的角度相差在这么多度以内时算作相撞（或互为镜像）。</translation>
    </message>
    <message>
        <source>RₘᵀRₙ and Rₙ₋ₘ side by side</source>
        <translation>RₘᵀRₙ 与 Rₙ₋ₘ 并排</translation>
    </message>
    <message>
        <source>relativity  RₘᵀRₙ = Rₙ₋ₘ</source>
        <translation>相对性  RₘᵀRₙ = Rₙ₋ₘ</translation>
    </message>
    <message>
        <source>composition  RₘRₙ = Rₘ₊ₙ</source>
        <translation>复合  RₘRₙ = Rₘ₊ₙ</translation>
    </message>
    <message>
        <source>orthogonality  RₘᵀRₘ = I</source>
        <translation>正交性  RₘᵀRₘ = I</translation>
    </message>
    <message>
        <source>rotation matrix Rₘ</source>
        <translation>旋转矩阵 Rₘ</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <source>offset-copy (token 4 back)</source>
        <translation>偏移复制（往前第 4 个词元）</translation>
    </message>
    <message>
        <source>induction (repeat distance varies)</source>
        <translation>归纳（重复距离可变）</translation>
    </message>
    <message>
        <source>position parity (absolute)</source>
        <translation>位置奇偶（绝对位置）</translation>
    </message>
    <message>
        <source>What the models learn: copy the token 4 positions back (relative position); continue a repeated block whose length varies (induction); or (token + position) mod 2 (absolute position).</source>
        <translation>模型要学的任务：复制往前第 4 个位置的词元（相对位置）；续写长度可变的重复块（归纳）；或 (词元 + 位置) mod 2（绝对位置）。</translation>
    </message>
    <message>
        <source>&amp;Schemes:</source>
        <translation>方案(&amp;S)：</translation>
    </message>
    <message>
        <source>Comma-separated position schemes to train: rope, learned, sinusoidal, nope, alibi, t5, p-rope.</source>
        <translation>要训练的位置编码方案，用逗号分隔：rope、learned、sinusoidal、nope、alibi、t5、p-rope。</translation>
    </message>
    <message>
        <source>S&amp;eeds:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Runs per scheme (seeds 1 … N: weights and batches); the band spans their smallest and largest value.</source>
        <translation>每种方案训练的次数（种子 1 … N：决定权重和批次）；浅色带覆盖它们的最小值到最大值。</translation>
    </message>
    <message>
        <source>Ste&amp;ps:</source>
        <translation>步数(&amp;P)：</translation>
    </message>
    <message>
        <source>AdamW steps per run, each on a fresh batch of 16 sequences.</source>
        <translation>每次训练的 AdamW 步数，每步使用 16 个新序列组成的批次。</translation>
    </message>
    <message>
        <source>&amp;Length L:</source>
        <translation>长度 L(&amp;L)：</translation>
    </message>
    <message>
        <source>Training sequence length L; held-out accuracy is measured at L, 2L, 3L and 4L.</source>
        <translation>训练序列长度 L；留出准确率在 L、2L、3L 和 4L 上测量。</translation>
    </message>
    <message>
        <source>&amp;d_model:</source>
        <translation>d_model(&amp;D)：</translation>
    </message>
    <message>
        <source>Model width (4 heads of d_model/4 each).</source>
        <translation>模型宽度（4 个头，每个宽 d_model/4）。</translation>
    </message>
    <message>
        <source>La&amp;yers:</source>
        <translation>层数(&amp;Y)：</translation>
    </message>
    <message>
        <source>Decoder layers (attention and MLP, RMSNorm before each).</source>
        <translation>解码器层数（注意力和 MLP，各自之前有 RMSNorm）。</translation>
    </message>
    <message>
        <source>&amp;Base:</source>
        <translation>底数(&amp;B)：</translation>
    </message>
    <message>
        <source>Base b of RoPE, p-RoPE and the sinusoidal table.</source>
        <translation>旋转位置编码、p-RoPE 和正弦表的底数 b。</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Plot the accuracy or the loss of each step&apos;s batch.</source>
        <translation>绘制每一步批次的准确率或损失。</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Train the race (the Train button; rope-cli figure --set run=true). Off: nothing is trained and the plot says what Train would run.</source>
        <translation>训练这场比赛（“训练”按钮；rope-cli figure --set run=true）。关闭时不训练任何模型，图中说明按“训练”将运行什么。</translation>
    </message>
    <message>
        <source>&amp;Shifted score</source>
        <translation>平移后的分数(&amp;S)</translation>
    </message>
    <message>
        <source>Page 9: beside, the score of the sin-only encoding and of the rotation as both positions move; off, only the two sin factors (the course asks what the product does).</source>
        <translation>第 9 页：旁边的小图画出两个位置一起移动时只用 sin 的编码和旋转的分数；关闭时只画两个 sin 因子（课程要学生预测它们的乘积会怎样）。</translation>
    </message>
    <message>
        <source>findings, A against B</source>
        <translation>诊断结果，A 对比 B</translation>
    </message>
    <message>
        <source>transformers against llama.cpp</source>
        <translation>transformers 对比 llama.cpp</translation>
    </message>
    <message>
        <source>Findings: the doctor&apos;s checks and the scores of the model against a second configuration. Engines: the loaded model&apos;s scores as transformers and as llama.cpp compute them, and their θ per pair.</source>
        <translation>诊断结果：诊断的各项检查，以及模型与第二个配置的得分对比。引擎：已加载模型在 transformers 与 llama.cpp 中各自算出的得分，以及每个维度对的 θ。</translation>
    </message>
    <message>
        <source>race of the schemes</source>
        <translation>各方案比赛</translation>
    </message>
    <message>
        <source>inside a trained RoPE model</source>
        <translation>训练后的 RoPE 模型内部</translation>
    </message>
    <message>
        <source>Layer sho&amp;wn:</source>
        <translation>显示的层(&amp;W)：</translation>
    </message>
    <message>
        <source>Inside view: the layer whose attention is drawn (0 is the first; below the number of layers).</source>
        <translation>内部视图：绘制其注意力的层（0 为第一层；小于层数）。</translation>
    </message>
    <message>
        <source>&amp;Head shown:</source>
        <translation>显示的头(&amp;H)：</translation>
    </message>
    <message>
        <source>Inside view: the attention head drawn (0 … 3).</source>
        <translation>内部视图：绘制的注意力头（0 … 3）。</translation>
    </message>
    <message>
        <source>the last layer</source>
        <translation>最后一层</translation>
    </message>
    <message>
        <source>accuracy against test length (PI, NTK, YaRN)</source>
        <translation>准确率与测试长度（PI、NTK、YaRN）</translation>
    </message>
    <message>
        <source>accuracy at 4L against the base</source>
        <translation>4L 准确率与底数</translation>
    </message>
    <message>
        <source>Race: every scheme&apos;s training curve and held-out accuracy. Inside: one RoPE model (seed 1, the race&apos;s settings) after training: one head&apos;s attention on a held-out sequence and the per-pair norms ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ of its projections. Length: held-out accuracy at ½L … 4L per scheme, and RoPE with PI, NTK-aware, dynamic NTK and YaRN at test time and after a fine-tune. Base: RoPE trained at six bases 10 … 10⁶, accuracy at 4L beside the bound b* and the critical dimension.</source>
        <translation>比赛：每种方案的训练曲线和留出准确率。内部：训练后的一个 RoPE 模型（种子 1，与比赛设置相同）：一个注意力头在留出序列上的注意力，以及其投影的逐对范数 ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖。长度：每种方案在 ½L … 4L 上的留出准确率，以及 RoPE 在测试时和微调后使用 PI、NTK-aware、动态 NTK 和 YaRN 的结果。底数：在 10 … 10⁶ 六个底数上训练 RoPE，4L 上的准确率，旁边是下界 b* 和临界维度。</translation>
    </message>
    <message>
        <source>&amp;Fine-tune steps:</source>
        <translation>微调步数(&amp;F)：</translation>
    </message>
    <message>
        <source>Length view: after training, continue each RoPE model for this many steps at 2L with each method&apos;s scaled θ (PI&apos;s recipe) and test it again; 0: no fine-tune.</source>
        <translation>长度视图：训练之后，把每个 RoPE 模型在 2L 上用各方法缩放后的 θ 继续训练这么多步（PI 的做法），再测试一次；0：不微调。</translation>
    </message>
</context>
<context>
    <name>FigureText</name>
    <message>
        <source>&apos;%1&apos; is neither a file nor a preset id</source>
        <translation>“%1”既不是文件也不是预设编号</translation>
    </message>
    <message>
        <source>the length experiment&apos;s work %1 (layers·d_model·(d_model + T)·T per sequence over training, fine-tuning and evaluation) exceeds the panel&apos;s limit of %2; lower steps, seeds, schemes or sizes</source>
        <translation>长度实验的工作量 %1（每条序列计 层数·d_model·(d_model + T)·T，对训练、微调和评估求和）超过面板的上限 %2；请减少步数、种子数、方案数或规模</translation>
    </message>
    <message>
        <source>the base sweep&apos;s work %1 (layers·d_model·(d_model + T)·T per sequence over training and evaluation, %2 bases × seeds) exceeds the panel&apos;s limit of %3; lower steps, seeds or sizes</source>
        <translation>底数扫描的工作量 %1（每条序列计 层数·d_model·(d_model + T)·T，对训练和评估求和，%2 个底数 × 种子）超过面板的上限 %3；请减少步数、种子数或规模</translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <source>Phase heatmap</source>
        <translation>相位热图</translation>
    </message>
    <message>
        <source>Rotation of a pair</source>
        <translation>一对维度的旋转</translation>
    </message>
    <message>
        <source>Context extension</source>
        <translation>上下文扩展</translation>
    </message>
    <message>
        <source>Identities</source>
        <translation>恒等式</translation>
    </message>
    <message>
        <source>Long-term decay</source>
        <translation>远程衰减</translation>
    </message>
    <message>
        <source>Base bound</source>
        <translation>底数下界</translation>
    </message>
    <message>
        <source>Pair layouts</source>
        <translation>维度对布局</translation>
    </message>
    <message>
        <source>2D RoPE</source>
        <translation>二维 RoPE</translation>
    </message>
    <message>
        <source>Absolute encodings</source>
        <translation>绝对位置编码</translation>
    </message>
    <message>
        <source>Toy attention</source>
        <translation>玩具注意力</translation>
    </message>
    <message>
        <source>Precision lab</source>
        <translation>精度实验室</translation>
    </message>
    <message>
        <source>SIMD batch</source>
        <translation>SIMD 批处理</translation>
    </message>
    <message>
        <source>M-RoPE</source>
        <translation>M-RoPE</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>normalised integer</source>
        <translation>归一化整数</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>unique</source>
        <translation>唯一</translation>
    </message>
    <message>
        <source>consistent
distances</source>
        <translation>距离
一致</translation>
    </message>
    <message>
        <source>bounded</source>
        <translation>有界</translation>
    </message>
    <message>
        <source>decaying</source>
        <translation>衰减</translation>
    </message>
    <message>
        <source>linear
shift</source>
        <translation>线性
平移</translation>
    </message>
    <message>
        <source>extrapolates
in range</source>
        <translation>范围内
可外推</translation>
    </message>
    <message>
        <source>length-
independent</source>
        <translation>与长度
无关</translation>
    </message>
    <message>
        <source>Checklist over P = %1 positions (d = %2)</source>
        <translation>在 P = %1 个位置上的检查表（d = %2）</translation>
    </message>
    <message>
        <source>property (measured over P positions, see the lesson)</source>
        <translation>性质（在 P 个位置上测量，见讲解）</translation>
    </message>
    <message>
        <source>scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>property (1 = holds, 0 = fails)</source>
        <translation>性质（1 = 成立，0 = 不成立）</translation>
    </message>
    <message>
        <source>0 fails</source>
        <translation>0 不成立</translation>
    </message>
    <message>
        <source>1 holds</source>
        <translation>1 成立</translation>
    </message>
    <message>
        <source>: duplicate rows</source>
        <translation>：重复的行</translation>
    </message>
    <message>
        <source>: spread of ‖PE(p+k) − PE(p)‖ over p</source>
        <translation>：‖PE(p+k) − PE(p)‖ 随 p 的离散程度</translation>
    </message>
    <message>
        <source>: max|PE| over P positions</source>
        <translation>：P 个位置上的 max|PE|</translation>
    </message>
    <message>
        <source>: max|PE| over 2P positions</source>
        <translation>：2P 个位置上的 max|PE|</translation>
    </message>
    <message>
        <source>: W₁ fit residual</source>
        <translation>：W₁ 拟合残差</translation>
    </message>
    <message>
        <source>: excess beyond the seen range</source>
        <translation>：超出已见范围的部分</translation>
    </message>
    <message>
        <source>: change of PE(p) when N doubles</source>
        <translation>：N 加倍时 PE(p) 的变化</translation>
    </message>
    <message>
        <source>: ⟨PE(p), PE(p+1)⟩ averaged over p</source>
        <translation>：⟨PE(p), PE(p+1)⟩ 对 p 的平均</translation>
    </message>
    <message>
        <source>: ⟨PE(p), PE(p+%1)⟩ averaged over p</source>
        <translation>：⟨PE(p), PE(p+%1)⟩ 对 p 的平均</translation>
    </message>
    <message>
        <source>: slope of that mean over k = 1…%1 (&lt; 0: decaying)</source>
        <translation>：该平均值在 k = 1…%1 上的斜率（&lt; 0：衰减）</translation>
    </message>
    <message>
        <source>per token</source>
        <translation>每词元</translation>
    </message>
    <message>
        <source>%1 PE(p), d = %2, P = %3</source>
        <translation>%1 PE(p)，d = %2，P = %3</translation>
    </message>
    <message>
        <source>position p (tokens)</source>
        <translation>位置 p（词元）</translation>
    </message>
    <message>
        <source>dimension j = %1</source>
        <translation>维度 j = %1</translation>
    </message>
    <message>
        <source>dimension j</source>
        <translation>维度 j</translation>
    </message>
    <message>
        <source>max |PE(p+1) − W₁PE(p)|, %1</source>
        <translation>max |PE(p+1) − W₁PE(p)|，%1</translation>
    </message>
    <message>
        <source>no position encoding</source>
        <translation>无位置编码</translation>
    </message>
    <message>
        <source>sinusoidal PE added to x</source>
        <translation>正弦位置编码加到 x 上</translation>
    </message>
    <message>
        <source>RoPE on q and k</source>
        <translation>对 q 和 k 使用 RoPE</translation>
    </message>
    <message>
        <source>Softmax weights</source>
        <translation>Softmax 权重</translation>
    </message>
    <message>
        <source>Scores QKᵀ/√d</source>
        <translation>分数 QKᵀ/√d</translation>
    </message>
    <message>
        <source>query token</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <source>attention weight (rows sum to 1)</source>
        <translation>注意力权重（每行和为 1）</translation>
    </message>
    <message>
        <source>score qᵀk/√d</source>
        <translation>分数 qᵀk/√d</translation>
    </message>
    <message>
        <source>max |out(%1) − out(%2)|, %3</source>
        <translation>max |out(%1) − out(%2)|，%3</translation>
    </message>
    <message>
        <source>Toeplitz residual, “%1” ×%2</source>
        <translation>Toeplitz 残差，“%1” ×%2</translation>
    </message>
    <message>
        <source>attention factor a (scores × a²)</source>
        <translation>注意力因子 a（分数 × a²）</translation>
    </message>
    <message>
        <source>f(m) = Σᵢ cos(mθᵢ) (d = %1, b = %2, %3)</source>
        <translation>f(m) = Σᵢ cos(mθᵢ)（d = %1，b = %2，%3）</translation>
    </message>
    <message>
        <source>relative distance m (tokens)</source>
        <translation>相对距离 m（词元）</translation>
    </message>
    <message>
        <source>f(m) (d/2 at m = 0)</source>
        <translation>f(m)（m = 0 时为 d/2）</translation>
    </message>
    <message>
        <source>f min per column</source>
        <translation>每列 f 的最小值</translation>
    </message>
    <message>
        <source>f max per column</source>
        <translation>每列 f 的最大值</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>first m with f(m) &lt; 0</source>
        <translation>第一个使 f(m) &lt; 0 的 m</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>smallest base b* for L (default ladder)</source>
        <translation>L 所需的最小底数 b*（默认频率阶梯）</translation>
    </message>
    <message>
        <source>tokens per column</source>
        <translation>每列词元数</translation>
    </message>
    <message>
        <source>Published b*(L, 128) against the exact value (✓ passes, ✗ fails)</source>
        <translation>论文给出的 b*(L, 128) 与精确值对比（✓ 通过，✗ 不通过）</translation>
    </message>
    <message>
        <source>context length L (tokens, log scale)</source>
        <translation>上下文长度 L（词元，对数坐标）</translation>
    </message>
    <message>
        <source>base b (log scale)</source>
        <translation>底数 b（对数坐标）</translation>
    </message>
    <message>
        <source>exact b*, m &lt; L (Su&apos;s convention), L ≤ 2¹⁷</source>
        <translation>精确 b*，m &lt; L（苏剑林的约定），L ≤ 2¹⁷</translation>
    </message>
    <message>
        <source>exact b*, m ≤ L (Men et al.&apos;s convention), L ≤ 2¹⁷</source>
        <translation>精确 b*，m ≤ L（Men 等人的约定），L ≤ 2¹⁷</translation>
    </message>
    <message>
        <source>printed value passes its context (Su above, Men et al. below)</source>
        <translation>论文数值满足其上下文（上：苏剑林，下：Men 等）</translation>
    </message>
    <message>
        <source>printed value fails (first failing m labelled)</source>
        <translation>论文数值不满足（标出第一个失败的 m）</translation>
    </message>
    <message>
        <source>✗ m=%1</source>
        <translation>✗ m=%1</translation>
    </message>
    <message>
        <source>printed values that pass their own context</source>
        <translation>满足自身上下文的论文数值</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>共 %1</translation>
    </message>
    <message>
        <source>Smallest base b*(L, d) with Σᵢ cos(mθᵢ) ≥ 0 for every m &lt; L</source>
        <translation>使所有 m &lt; L 都有 Σᵢ cos(mθᵢ) ≥ 0 的最小底数 b*(L, d)</translation>
    </message>
    <message>
        <source>b*(L), d = %1</source>
        <translation>b*(L)，d = %1</translation>
    </message>
    <message>
        <source>b*(L), d = %1, 100 contexts per decade</source>
        <translation>b*(L)，d = %1，每个数量级 100 个上下文长度</translation>
    </message>
    <message>
        <source>every base above is feasible, b_T(L), d = %1</source>
        <translation>其上所有底数都可行，b_T(L)，d = %1</translation>
    </message>
    <message>
        <source>dense curves: computing</source>
        <translation>密集曲线：计算中</translation>
    </message>
    <message>
        <source>dense curves: cancelled</source>
        <translation>密集曲线：已取消</translation>
    </message>
    <message>
        <source>dense curves stopped: </source>
        <translation>密集曲线已停止：</translation>
    </message>
    <message>
        <source>dense curves: done</source>
        <translation>密集曲线：已完成</translation>
    </message>
    <message>
        <source>Llama 3.1: 8192 → 131072 at b = 5×10⁵</source>
        <translation>Llama 3.1：b = 5×10⁵ 时 8192 → 131072</translation>
    </message>
    <message>
        <source>no computed bar: %1</source>
        <translation>没有“现算”柱：%1</translation>
    </message>
    <message>
        <source>no ggml-style bar for scaling &apos;%1&apos; (only default, linear)</source>
        <translation>缩放方法“%1”没有 ggml 风格的柱（仅 default、linear 有）</translation>
    </message>
    <message>
        <source>Batch RoPE, %1 tokens × %2 heads × d %3 (%4), %5 thread(s)</source>
        <translation>批量 RoPE，%1 词元 × %2 头 × d %3（%4），%5 个线程</translation>
    </message>
    <message>
        <source>backend (same Q/K rotated in place, median of %1 runs)</source>
        <translation>后端（同一 Q/K 原地旋转，%1 次运行的中位数）</translation>
    </message>
    <message>
        <source>scalar reference</source>
        <translation>标量参考实现</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考实现</translation>
    </message>
    <message>
        <source>angles computed in the pass (%1)</source>
        <translation>在同一遍中现算角度（%1）</translation>
    </message>
    <message>
        <source>ggml-style baseline (float-accumulated angles)</source>
        <translation>ggml 风格基线（float 累乘的角度）</translation>
    </message>
    <message>
        <source>memcpy of the same bytes</source>
        <translation>相同字节数的 memcpy</translation>
    </message>
    <message>
        <source>bytes moved per apply</source>
        <translation>每次应用搬运的字节数</translation>
    </message>
    <message>
        <source>threads used</source>
        <translation>使用的线程数</translation>
    </message>
    <message>
        <source>max |reference − %1|</source>
        <translation>max |参考实现 − %1|</translation>
    </message>
    <message>
        <source>SIMD %1</source>
        <translation>SIMD %1</translation>
    </message>
    <message>
        <source>speed-up %1 / reference</source>
        <translation>加速比 %1 / 参考实现</translation>
    </message>
    <message>
        <source>cos/sin table memory</source>
        <translation>cos/sin 表内存</translation>
    </message>
    <message>
        <source>table build</source>
        <translation>建表</translation>
    </message>
    <message>
        <source>table apply %1</source>
        <translation>查表应用 %1</translation>
    </message>
    <message>
        <source>computed apply %1</source>
        <translation>现算应用 %1</translation>
    </message>
    <message>
        <source>ggml-style apply</source>
        <translation>ggml 风格应用</translation>
    </message>
    <message>
        <source>b = %1%2</source>
        <translation>b = %1%2</translation>
    </message>
    <message>
        <source> (current)</source>
        <translation>（当前）</translation>
    </message>
    <message>
        <source>RoFormer&apos;s relative upper bound u(m) = (2/d)·Σⱼ|Sⱼ(m)|</source>
        <translation>RoFormer 的相对上界 u(m) = (2/d)·Σⱼ|Sⱼ(m)|</translation>
    </message>
    <message>
        <source>expected score (q, ε ~ N(0, I))</source>
        <translation>期望分数（q, ε ~ N(0, I)）</translation>
    </message>
    <message>
        <source> min per column</source>
        <translation> 每列最小值</translation>
    </message>
    <message>
        <source> max per column</source>
        <translation> 每列最大值</translation>
    </message>
    <message>
        <source>relative distance m (tokens, log scale)</source>
        <translation>相对距离 m（词元，对数坐标）</translation>
    </message>
    <message>
        <source>%1 (s = %2)</source>
        <translation>%1（s = %2）</translation>
    </message>
    <message>
        <source>Wavelength of every pair (no scaling method chosen)</source>
        <translation>每对的波长（未选择缩放方法）</translation>
    </message>
    <message>
        <source>Wavelength of every pair: original vs %1</source>
        <translation>每对的波长：原始 vs %1</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>维度对 i</translation>
    </message>
    <message>
        <source>wavelength λᵢ = 2π/θᵢ (tokens)</source>
        <translation>波长 λᵢ = 2π/θᵢ（词元）</translation>
    </message>
    <message>
        <source>original RoPE</source>
        <translation>原始 RoPE</translation>
    </message>
    <message>
        <source>with </source>
        <translation>使用 </translation>
    </message>
    <message>
        <source>kept θ&apos; = θ (extrapolated)</source>
        <translation>保持 θ&apos; = θ（外推）</translation>
    </message>
    <message>
        <source>interpolated θ&apos; = θ/s</source>
        <translation>内插 θ&apos; = θ/s</translation>
    </message>
    <message>
        <source>blended (θ/s &lt; θ&apos; &lt; θ or other)</source>
        <translation>混合（θ/s &lt; θ&apos; &lt; θ 或其他）</translation>
    </message>
    <message>
        <source>original context L₀ = %1</source>
        <translation>原始上下文 L₀ = %1</translation>
    </message>
    <message>
        <source>context L = %1</source>
        <translation>上下文 L = %1</translation>
    </message>
    <message>
        <source>context L = L₀ = %1</source>
        <translation>上下文 L = L₀ = %1</translation>
    </message>
    <message>
        <source>other layers: b = %1</source>
        <translation>其他层：b = %1</translation>
    </message>
    <message>
        <source>other layers: b = %1, linear ×%2</source>
        <translation>其他层：b = %1，线性 ×%2</translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>pairs kept (extrapolated)</source>
        <translation>保持的维度对（外推）</translation>
    </message>
    <message>
        <source>pairs interpolated</source>
        <translation>内插的维度对</translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation>混合的维度对</translation>
    </message>
    <message>
        <source>pairs not rotated (θ&apos; = 0, λ = ∞)</source>
        <translation>不旋转的维度对（θ&apos; = 0，λ = ∞）</translation>
    </message>
    <message>
        <source>cos(mθᵢ) before (left) and after %1 (right)</source>
        <translation>%1 之前（左）与之后（右）的 cos(mθᵢ)</translation>
    </message>
    <message>
        <source>pair i (left: original; right: scaled)</source>
        <translation>维度对 i（左：原始；右：缩放后）</translation>
    </message>
    <message>
        <source>position m (tokens)</source>
        <translation>位置 m（词元）</translation>
    </message>
    <message>
        <source>cos(mθᵢ)</source>
        <translation>cos(mθᵢ)</translation>
    </message>
    <message>
        <source>, %1 s = %2</source>
        <translation>，%1 s = %2</translation>
    </message>
    <message>
        <source>cos(mθᵢ), mean over a pixel row</source>
        <translation>cos(mθᵢ)，每像素行的平均</translation>
    </message>
    <message>
        <source>sin(mθᵢ), mean over a pixel row</source>
        <translation>sin(mθᵢ)，每像素行的平均</translation>
    </message>
    <message>
        <source>mθᵢ mod 2π (rad), circular mean</source>
        <translation>mθᵢ mod 2π（rad），圆周平均</translation>
    </message>
    <message>
        <source>period λᵢ = 2π/θᵢ (tokens)</source>
        <translation>周期 λᵢ = 2π/θᵢ（词元）</translation>
    </message>
    <message>
        <source>positions per pixel row</source>
        <translation>每像素行的位置数</translation>
    </message>
    <message>
        <source>pairs not rotated (θᵢ = 0, λᵢ = ∞)</source>
        <translation>不旋转的维度对（θᵢ = 0，λᵢ = ∞）</translation>
    </message>
    <message>
        <source>row i</source>
        <translation>行 i</translation>
    </message>
    <message>
        <source>matrix entry</source>
        <translation>矩阵元素</translation>
    </message>
    <message>
        <source>circles |qᵢ|, |kᵢ|</source>
        <translation>圆 |qᵢ|、|kᵢ|</translation>
    </message>
    <message>
        <source>real part</source>
        <translation>实部</translation>
    </message>
    <message>
        <source>imaginary part</source>
        <translation>虚部</translation>
    </message>
    <message>
        <source>|%1| entry by entry (m = %2, n = %3, %4 layout)</source>
        <translation>|%1| 逐元素（m = %2，n = %3，%4 布局）</translation>
    </message>
    <message>
        <source>column j</source>
        <translation>列 j</translation>
    </message>
    <message>
        <source>|residual entry| (log scale)</source>
        <translation>|残差元素|（对数坐标）</translation>
    </message>
    <message>
        <source>Dynamic NTK and the KV cache (d = %1, b = %2, s = %3, L₀ = %4)</source>
        <translation>Dynamic NTK 与 KV 缓存（d = %1，b = %2，s = %3，L₀ = %4）</translation>
    </message>
    <message>
        <source>current sequence length L (tokens)</source>
        <translation>当前序列长度 L（词元）</translation>
    </message>
    <message>
        <source>score ⟨R(m)q, R(n)k⟩, q = k = 1/√d</source>
        <translation>分数 ⟨R(m)q, R(n)k⟩，q = k = 1/√d</translation>
    </message>
    <message>
        <source>key re-rotated with θ(L)</source>
        <translation>用 θ(L) 重新旋转的键</translation>
    </message>
    <message>
        <source>key as cached, rotated with θ(C = %1)</source>
        <translation>缓存中的键，用 θ(C = %1) 旋转</translation>
    </message>
    <message>
        <source>mismatch (cached − re-rotated)</source>
        <translation>不一致（缓存 − 重新旋转）</translation>
    </message>
    <message>
        <source>L = L₀ = %1: θ starts to change</source>
        <translation>L = L₀ = %1：θ 开始变化</translation>
    </message>
    <message>
        <source>key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>length when cached C</source>
        <translation>缓存时长度 C</translation>
    </message>
    <message>
        <source>largest |mismatch|</source>
        <translation>最大 |不一致|</translation>
    </message>
    <message>
        <source>Pairs in both layouts, d = %1</source>
        <translation>两种布局中的维度对，d = %1</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>interleaved pairs (x₂ᵢ, x₂ᵢ₊₁), colour = pair i</source>
        <translation>交错配对 (x₂ᵢ, x₂ᵢ₊₁)，颜色 = 维度对 i</translation>
    </message>
    <message>
        <source>interleaved pair %1: (x%2, x%3)</source>
        <translation>交错配对 %1：(x%2, x%3)</translation>
    </message>
    <message>
        <source>rotate_half pairs (xᵢ, xᵢ₊d/₂)</source>
        <translation>rotate_half 配对 (xᵢ, xᵢ₊d/₂)</translation>
    </message>
    <message>
        <source>rotate_half pair %1: (x%2, x%3)</source>
        <translation>rotate_half 配对 %1：(x%2, x%3)</translation>
    </message>
    <message>
        <source>coordinates</source>
        <translation>坐标</translation>
    </message>
    <message>
        <source>column (input coordinate)</source>
        <translation>列（输入坐标）</translation>
    </message>
    <message>
        <source>row (output coordinate)</source>
        <translation>行（输出坐标）</translation>
    </message>
    <message>
        <source>W_q/W_k row permutation (%1 heads, d = %2)</source>
        <translation>W_q/W_k 行置换（%1 个头，d = %2）</translation>
    </message>
    <message>
        <source>old row (interleaved checkpoint)</source>
        <translation>原行（interleaved 检查点）</translation>
    </message>
    <message>
        <source>new row j (rotate_half checkpoint)</source>
        <translation>新行 j（rotate_half 检查点）</translation>
    </message>
    <message>
        <source>1 = row moved here</source>
        <translation>1 = 该行移到此处</translation>
    </message>
    <message>
        <source>Scores against n − m (d = %1, m = %2)</source>
        <translation>分数随 n − m 的变化（d = %1，m = %2）</translation>
    </message>
    <message>
        <source>relative position n − m (tokens)</source>
        <translation>相对位置 n − m（词元）</translation>
    </message>
    <message>
        <source>trained: interleaved RoPE, original W</source>
        <translation>训练时：interleaved RoPE，原始 W</translation>
    </message>
    <message>
        <source>converted: rotate_half, permuted W rows</source>
        <translation>转换后：rotate_half，置换后的 W 行</translation>
    </message>
    <message>
        <source>bug: rotate_half, original W</source>
        <translation>错误：rotate_half，原始 W</translation>
    </message>
    <message>
        <source>|bug − trained|</source>
        <translation>|错误 − 训练时|</translation>
    </message>
    <message>
        <source>max |bug − trained|</source>
        <translation>max |错误 − 训练时|</translation>
    </message>
    <message>
        <source>max |converted − trained| score</source>
        <translation>max |转换后 − 训练时| 分数</translation>
    </message>
    <message>
        <source>M-RoPE positions (%1, section %2·%3·%4 pairs)</source>
        <translation>M-RoPE 位置（%1，分段 %2·%3·%4 对）</translation>
    </message>
    <message>
        <source>Qwen3-VL interleaved</source>
        <translation>Qwen3-VL 交错</translation>
    </message>
    <message>
        <source>Qwen2-VL blocks</source>
        <translation>Qwen2-VL 分块</translation>
    </message>
    <message>
        <source>token index</source>
        <translation>词元序号</translation>
    </message>
    <message>
        <source>position id</source>
        <translation>位置 id</translation>
    </message>
    <message>
        <source>temporal</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source> row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>text ×%1</source>
        <translation>文本 ×%1</translation>
    </message>
    <message>
        <source>query q = %1, key k = %2</source>
        <translation>查询 q = %1，键 k = %2</translation>
    </message>
    <message>
        <source>pair j</source>
        <translation>维度对 j</translation>
    </message>
    <message>
        <source> pairs</source>
        <translation>维度对</translation>
    </message>
    <message>
        <source>Δt = t(q) − t(k)</source>
        <translation>Δt = t(q) − t(k)</translation>
    </message>
    <message>
        <source>score from absolute rotations</source>
        <translation>由绝对旋转得到的分数</translation>
    </message>
    <message>
        <source>score from Δ per axis</source>
        <translation>由各轴 Δ 得到的分数</translation>
    </message>
    <message>
        <source>float32 repeated multiplication θᵢ₊₁ = θᵢ·σ (ggml)</source>
        <translation>float32 反复相乘 θᵢ₊₁ = θᵢ·σ（ggml）</translation>
    </message>
    <message>
        <source>float32 product m·θᵢ (Hugging Face)</source>
        <translation>float32 乘积 m·θᵢ（Hugging Face）</translation>
    </message>
    <message>
        <source> (error exactly 0 everywhere)</source>
        <translation>（误差处处恰为 0）</translation>
    </message>
    <message>
        <source>worst pair</source>
        <translation>最差的维度对</translation>
    </message>
    <message>
        <source>pair %1</source>
        <translation>维度对 %1</translation>
    </message>
    <message>
        <source>Float32 angle error, %1, b = %2, r = %3</source>
        <translation>Float32 角度误差，%1，b = %2，r = %3</translation>
    </message>
    <message>
        <source>; beyond 2²⁴ = 16777216 not shown (float32 cannot hold m)</source>
        <translation>；超过 2²⁴ = 16777216 的部分不显示（float32 无法精确表示 m）</translation>
    </message>
    <message>
        <source>probe position m</source>
        <translation>探测位置 m</translation>
    </message>
    <message>
        <source>max |θ̃ − mθ| at m (repeated multiplication)</source>
        <translation>位置 m 处的 max |θ̃ − mθ|（反复相乘）</translation>
    </message>
    <message>
        <source>double, cast</source>
        <translation>double 后转换</translation>
    </message>
    <message>
        <source>mθ in format</source>
        <translation>该格式下的 mθ</translation>
    </message>
    <message>
        <source>Score error, n − m = %1 (%2)</source>
        <translation>分数误差，n − m = %1（%2）</translation>
    </message>
    <message>
        <source>|s in format − s| (q, k uniform in [−1, 1)ᵈ)</source>
        <translation>|该格式下的 s − s|（q、k 在 [−1, 1)ᵈ 上均匀分布）</translation>
    </message>
    <message>
        <source>cos/sin error, %1 (%2)</source>
        <translation>cos/sin 误差，%1（%2）</translation>
    </message>
    <message>
        <source>max |R in format − R| (cos/sin entries)</source>
        <translation>max |该格式下的 R − R|（cos/sin 元素）</translation>
    </message>
    <message>
        <source>Angle error, %1 (%2)</source>
        <translation>角度误差，%1（%2）</translation>
    </message>
    <message>
        <source>|mθ in format − mθ| wrapped to [−π, π] (rad)</source>
        <translation>|该格式下的 mθ − mθ| 折回 [−π, π]（rad）</translation>
    </message>
    <message>
        <source>%1 cannot store m (overflow); largest finite value</source>
        <translation>%1 无法存储 m（溢出）；最大有限值</translation>
    </message>
    <message>
        <source>%1 stores m as</source>
        <translation>%1 把 m 存为</translation>
    </message>
    <message>
        <source>%1: positions %2…%3 share it, count</source>
        <translation>%1：位置 %2…%3 共用此值，个数</translation>
    </message>
    <message>
        <source>Relativity of exp(xB₁ + yB₂)</source>
        <translation>exp(xB₁ + yB₂) 的相对性</translation>
    </message>
    <message>
        <source>t (patches): positions (%1, %2) and (%1 + t, %2)</source>
        <translation>t（图块）：位置 (%1, %2) 与 (%1 + t, %2)</translation>
    </message>
    <message>
        <source>max |E₁ᵀE₂ − exp(ΔxB₁ + ΔyB₂)|</source>
        <translation>max |E₁ᵀE₂ − exp(ΔxB₁ + ΔyB₂)|</translation>
    </message>
    <message>
        <source>RoPE generators, [B₁, B₂] = 0 (d = 8)</source>
        <translation>RoPE 生成元，[B₁, B₂] = 0（d = 8）</translation>
    </message>
    <message>
        <source>overlapping planes on ℝ³, [B₁, B₂] ≠ 0</source>
        <translation>ℝ³ 上相互重叠的平面，[B₁, B₂] ≠ 0</translation>
    </message>
    <message>
        <source>‖[B₁, B₂]‖max, RoPE</source>
        <translation>‖[B₁, B₂]‖max，RoPE</translation>
    </message>
    <message>
        <source>‖[B₁, B₂]‖max, overlapping</source>
        <translation>‖[B₁, B₂]‖max，重叠平面</translation>
    </message>
    <message>
        <source>key patch column y</source>
        <translation>键图块的列 y</translation>
    </message>
    <message>
        <source>key patch row x</source>
        <translation>键图块的行 x</translation>
    </message>
    <message>
        <source>query patch</source>
        <translation>查询图块</translation>
    </message>
    <message>
        <source>relativity residual, query → last patch</source>
        <translation>相对性残差，查询 → 最后一个图块</translation>
    </message>
    <message>
        <source>patches</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>row-wrap gap, 2D</source>
        <translation>换行处的跳变，二维</translation>
    </message>
    <message>
        <source>row-wrap gap, flattened</source>
        <translation>换行处的跳变，展平</translation>
    </message>
    <message>
        <source>Pair %1 turns by θ%2 = %3 rad per token</source>
        <translation>第 %1 对每个词元转过 θ%2 = %3 rad</translation>
    </message>
    <message>
        <source>coordinate 2i of the pair</source>
        <translation>该对的坐标 2i</translation>
    </message>
    <message>
        <source>coordinate 2i+1</source>
        <translation>坐标 2i+1</translation>
    </message>
    <message>
        <source>Rₘq (q at position m)</source>
        <translation>Rₘq（位置 m 上的 q）</translation>
    </message>
    <message>
        <source>Rₙk (k at position n)</source>
        <translation>Rₙk（位置 n 上的 k）</translation>
    </message>
    <message>
        <source>Pair j = row + column: hand at mθⱼ</source>
        <translation>维度对 j = 行 + 列：指针位于 mθⱼ</translation>
    </message>
    <message>
        <source>Every %1th pair (row + column): hand at mθⱼ</source>
        <translation>每隔 %1 对取一对（行 + 列）：指针位于 mθⱼ</translation>
    </message>
    <message>
        <source>clock faces</source>
        <translation>钟面</translation>
    </message>
    <message>
        <source>clock %1 hand (mθ%2)</source>
        <translation>钟 %1 的指针（mθ%2）</translation>
    </message>
    <message>
        <source>score qᵀRₙ₋ₘk</source>
        <translation>分数 qᵀRₙ₋ₘk</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no b* for L: f &lt; 0 somewhere for every base up to</source>
        <translation>L 没有 b*：直到以下底数，每个底数都有某处 f &lt; 0</translation>
    </message>
    <message>
        <source>b* not searched (%1); work L·d/2</source>
        <translation>未搜索 b*（%1）；工作量 L·d/2</translation>
    </message>
    <message>
        <source>g(b) = min_m f_b(m)</source>
        <translation>g(b) = min_m f_b(m)</translation>
    </message>
    <message>
        <source>not certified (%1)</source>
        <translation>未经证明（%1）</translation>
    </message>
    <message>
        <source>feasible bases (g ≥ 0), shaded</source>
        <translation>可行底数（g ≥ 0），阴影</translation>
    </message>
    <message>
        <source>feasible island narrower than a sample step</source>
        <translation>比采样步长更窄的可行岛</translation>
    </message>
    <message>
        <source>b* = %1 (smallest feasible base, certified)</source>
        <translation>b* = %1（最小可行底数，已证明）</translation>
    </message>
    <message>
        <source>b_T = %1 (every larger base feasible)</source>
        <translation>b_T = %1（更大的底数都可行）</translation>
    </message>
    <message>
        <source>current b = %1</source>
        <translation>当前 b = %1</translation>
    </message>
    <message>
        <source>b* (upper end of the certified bracket)</source>
        <translation>b*（已证明区间的上端）</translation>
    </message>
    <message>
        <source>b*: every base above 1 is feasible (L ≤ 2)</source>
        <translation>b*：大于 1 的每个底数都可行（L ≤ 2）</translation>
    </message>
    <message>
        <source>b* lower bracket</source>
        <translation>b* 区间下端</translation>
    </message>
    <message>
        <source>binding m at b*</source>
        <translation>b* 处起约束作用的 m</translation>
    </message>
    <message>
        <source>b_T, every base above is feasible</source>
        <translation>b_T，其上每个底数都可行</translation>
    </message>
    <message>
        <source>b_T %1; work L·d/2</source>
        <translation>b_T %1；工作量 L·d/2</translation>
    </message>
    <message>
        <source>no b_T: f &lt; 0 somewhere for every base up to</source>
        <translation>没有 b_T：直到此底数，每个底数都在某处 f &lt; 0</translation>
    </message>
    <message>
        <source>b_T: every base above 1 is feasible (L ≤ 2)</source>
        <translation>b_T：大于 1 的每个底数都可行（L ≤ 2）</translation>
    </message>
    <message>
        <source>feasible islands seen in the range</source>
        <translation>范围内可见的可行岛</translation>
    </message>
    <message>
        <source>bases scanned (cancelled: partial picture)</source>
        <translation>已扫描的底数（已取消：部分结果）</translation>
    </message>
    <message>
        <source>bases scanned (each: every m &lt; L)</source>
        <translation>已扫描的底数（每个都检查所有 m &lt; L）</translation>
    </message>
    <message>
        <source>sincos per table build</source>
        <translation>每次建表的 sincos 次数</translation>
    </message>
    <message>
        <source>backend (measuring…)</source>
        <translation>后端（测量中…）</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <source> (stale)</source>
        <translation>（已过时）</translation>
    </message>
    <message>
        <source>measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <source>STALE: bars measured for the previous parameters; measuring the new ones…</source>
        <translation>已过时：柱形为上一组参数的测量结果；正在测量新参数…</translation>
    </message>
    <message>
        <source>Measuring… the bars are from the previous parameters</source>
        <translation>测量中…柱形来自上一组参数</translation>
    </message>
    <message>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <source>arc</source>
        <translation>弧</translation>
    </message>
    <message>
        <source>Derivation %1/%2: %3</source>
        <translation>推导 %1/%2：%3</translation>
    </message>
    <message>
        <source>q and k as complex numbers</source>
        <translation>把 q 和 k 看作复数</translation>
    </message>
    <message>
        <source>the requirement</source>
        <translation>要求</translation>
    </message>
    <message>
        <source>set n = m: the lengths</source>
        <translation>令 n = m：模长</translation>
    </message>
    <message>
        <source>set n = m: the angles</source>
        <translation>令 n = m：辐角</translation>
    </message>
    <message>
        <source>set n = m − 1: one step</source>
        <translation>令 n = m − 1：前进一步</translation>
    </message>
    <message>
        <source>the result is a rotation</source>
        <translation>结果是旋转</translation>
    </message>
    <message>
        <source>⟨q, k⟩ = Re[q·k*] = ‖q‖‖k‖·cos(Θ(q) − Θ(k))</source>
        <translation>⟨q, k⟩ = Re[q·k*] = ‖q‖‖k‖·cos(Θ(q) − Θ(k))</translation>
    </message>
    <message>
        <source>⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)</source>
        <translation>⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)</translation>
    </message>
    <message>
        <source>circles |q| and |k|</source>
        <translation>圆 |q| 与 |k|</translation>
    </message>
    <message>
        <source>Θ(q)</source>
        <translation>Θ(q)</translation>
    </message>
    <message>
        <source>‖q‖</source>
        <translation>‖q‖</translation>
    </message>
    <message>
        <source>‖k‖</source>
        <translation>‖k‖</translation>
    </message>
    <message>
        <source>⟨q, k⟩</source>
        <translation>⟨q, k⟩</translation>
    </message>
    <message>
        <source>q, k at position 0</source>
        <translation>位置 0 上的 q、k</translation>
    </message>
    <message>
        <source>mθ</source>
        <translation>mθ</translation>
    </message>
    <message>
        <source>nθ</source>
        <translation>nθ</translation>
    </message>
    <message>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>θ</source>
        <translation>θ</translation>
    </message>
    <message>
        <source>rad/token</source>
        <translation>rad/词元</translation>
    </message>
    <message>
        <source>Score as positions move</source>
        <translation>位置移动时的分数</translation>
    </message>
    <message>
        <source>shift s (tokens)</source>
        <translation>平移 s（词元）</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>positions m, m+1, …</source>
        <translation>位置 m, m+1, …</translation>
    </message>
    <message>
        <source>m = %1</source>
        <translation>m = %1</translation>
    </message>
    <message>
        <source>m′ = %1</source>
        <translation>m′ = %1</translation>
    </message>
    <message>
        <source>period 2π/θ</source>
        <translation>周期 2π/θ</translation>
    </message>
    <message>
        <source>m′</source>
        <translation>m′</translation>
    </message>
    <message>
        <source>angle m′θ − mθ, nearest turn</source>
        <translation>角度 m′θ − mθ（取最近的整圈）</translation>
    </message>
    <message>
        <source>Angle of each position</source>
        <translation>每个位置的角度</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>angle mod 2π (°)</source>
        <translation>角度 mod 2π（°）</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>m and m′</source>
        <translation>m 与 m′</translation>
    </message>
    <message>
        <source>angle of position m</source>
        <translation>位置 m 的角度</translation>
    </message>
    <message>
        <source>sin alone is not enough</source>
        <translation>只用 sin 不够</translation>
    </message>
    <message>
        <source>equal sin</source>
        <translation>sin 相等</translation>
    </message>
    <message>
        <source>sin mθ</source>
        <translation>sin mθ</translation>
    </message>
    <message>
        <source>cos mθ</source>
        <translation>cos mθ</translation>
    </message>
    <message>
        <source>Score as both positions move</source>
        <translation>两个位置一起移动时的分数</translation>
    </message>
    <message>
        <source>rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>sin only</source>
        <translation>只用 sin</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>b</source>
        <translation>b</translation>
    </message>
    <message>
        <source>pairs in the matrix</source>
        <translation>矩阵中的配对</translation>
    </message>
    <message>
        <source>in the matrix</source>
        <translation>在矩阵中</translation>
    </message>
    <message>
        <source>column, by pair i (first %1 of %2 pairs)</source>
        <translation>列，按配对 i（%2 对中的前 %1 对）</translation>
    </message>
    <message>
        <source>column, by pair i</source>
        <translation>列，按配对 i</translation>
    </message>
    <message>
        <source>row, by pair i</source>
        <translation>行，按配对 i</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>sin PE</source>
        <translation>正弦 PE</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>%1 over “%2”, %3</source>
        <translation>%1，输入“%2”，%3</translation>
    </message>
    <message>
        <source>key token (no causal mask: every query sees every key)</source>
        <translation>键词元（无因果掩码：每个查询都能看到每个键）</translation>
    </message>
    <message>
        <source>other encodings</source>
        <translation>其他编码</translation>
    </message>
    <message>
        <source>encoding shown</source>
        <translation>当前显示的编码</translation>
    </message>
    <message>
        <source>none below L = %1</source>
        <translation>在 L = %1 以内没有</translation>
    </message>
    <message>
        <source>bases that keep f ≥ 0 up to L, d = %1 (shaded)</source>
        <translation>在 L 以内保持 f ≥ 0 的底数，d = %1（阴影）</translation>
    </message>
    <message>
        <source>current b = %1, d = %2: valid up to L = %3</source>
        <translation>当前 b = %1，d = %2：可用到 L = %3</translation>
    </message>
    <message>
        <source>current b = %1, d = %2: valid beyond L = %3</source>
        <translation>当前 b = %1，d = %2：在 L = %3 之后仍可用</translation>
    </message>
    <message>
        <source>largest L for the current b, d (first m with f &lt; 0)</source>
        <translation>当前 b、d 可用的最大 L（f &lt; 0 的最小 m）</translation>
    </message>
    <message>
        <source>f ≥ 0 for every m below %1</source>
        <translation>在 %1 以内所有 m 都有 f ≥ 0</translation>
    </message>
    <message>
        <source>b = %1 with %2, s = %3</source>
        <translation>b = %1，使用 %2，s = %3</translation>
    </message>
    <message>
        <source>Mean cosine c(m) = (2/d)·Σᵢ cos(mθᵢ)</source>
        <translation>平均余弦 c(m) = (2/d)·Σᵢ cos(mθᵢ)</translation>
    </message>
    <message>
        <source>c(m), mean per pixel column; 1 at m = 0</source>
        <translation>c(m)，每个像素列的平均值；m = 0 时为 1</translation>
    </message>
    <message>
        <source>thin lines: min and max over a column&apos;s distances</source>
        <translation>细线：一列所含距离上的最小值与最大值</translation>
    </message>
    <message>
        <source>first m with c(m) &lt; 0, %1</source>
        <translation>c(m) &lt; 0 的最小 m，%1</translation>
    </message>
    <message>
        <source>first m with c(m) &lt; 0</source>
        <translation>c(m) &lt; 0 的最小 m</translation>
    </message>
    <message>
        <source>first m with c(m) &lt; 0, </source>
        <translation>c(m) &lt; 0 的最小 m，</translation>
    </message>
    <message>
        <source>pairs changed</source>
        <translation>被改变的维度对</translation>
    </message>
    <message>
        <source>none (no scaling method chosen)</source>
        <translation>没有（未选择缩放方法）</translation>
    </message>
    <message>
        <source>Mean cosine c(m) = (2/d)·Σᵢ cos(mθᵢ): original vs %1</source>
        <translation>平均余弦 c(m) = (2/d)·Σᵢ cos(mθᵢ)：原始与 %1 对比</translation>
    </message>
    <message>
        <source>sin(mθᵢ)</source>
        <translation>sin(mθᵢ)</translation>
    </message>
    <message>
        <source>angle mθᵢ mod 2π</source>
        <translation>角度 mθᵢ mod 2π</translation>
    </message>
    <message>
        <source>%4 of every pair (d = %1, b = %2%3)</source>
        <translation>每个维度对的 %4（d = %1，b = %2%3）</translation>
    </message>
    <message>
        <source>q and k before rotation</source>
        <translation>旋转前的 q 和 k</translation>
    </message>
    <message>
        <source>k before rotation</source>
        <translation>旋转前的 k</translation>
    </message>
    <message>
        <source>Rₘk (k turned as far as q)</source>
        <translation>Rₘk（k 转过与 q 相同的角度）</translation>
    </message>
    <message>
        <source>arc φ: angle of k to q</source>
        <translation>弧 φ：k 相对 q 的夹角</translation>
    </message>
    <message>
        <source>arc (n−m)θᵢ: from Rₘk to Rₙk</source>
        <translation>弧 (n−m)θᵢ：从 Rₘk 到 Rₙk</translation>
    </message>
    <message>
        <source>(n−m)θᵢ</source>
        <translation>(n−m)θᵢ</translation>
    </message>
    <message>
        <source>|q| = %1</source>
        <translation>|q| = %1</translation>
    </message>
    <message>
        <source>|k| = %1</source>
        <translation>|k| = %1</translation>
    </message>
    <message>
        <source>m·θᵢ mod 2π</source>
        <translation>m·θᵢ mod 2π</translation>
    </message>
    <message>
        <source>n·θᵢ mod 2π</source>
        <translation>n·θᵢ mod 2π</translation>
    </message>
    <message>
        <source>arc (n−m)·θᵢ mod 2π</source>
        <translation>弧 (n−m)·θᵢ mod 2π</translation>
    </message>
    <message>
        <source>angle Rₘq → Rₙk = φ + (n−m)θᵢ</source>
        <translation>Rₘq → Rₙk 的夹角 = φ + (n−m)θᵢ</translation>
    </message>
    <message>
        <source>layer span L = %1, b = %2, d = %3</source>
        <translation>层跨度 L = %1，b = %2，d = %3</translation>
    </message>
    <message>
        <source>layer kinds of the loaded model shown</source>
        <translation>显示的已加载模型层种类数</translation>
    </message>
    <message>
        <source>Position schemes</source>
        <translation>位置编码方案</translation>
    </message>
    <message>
        <source>learned absolute</source>
        <translation>可学习绝对位置</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation>T5 分桶</translation>
    </message>
    <message>
        <source>NoPE</source>
        <translation>NoPE</translation>
    </message>
    <message>
        <source>p-RoPE</source>
        <translation>p-RoPE</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>distance i − j (query − key)</source>
        <translation>距离 i − j（查询 − 键）</translation>
    </message>
    <message>
        <source>causal mask: keys j &gt; i hidden (blank)</source>
        <translation>因果掩码：j &gt; i 的键被遮住（空白）</translation>
    </message>
    <message>
        <source>Position schemes: %1 | %2</source>
        <translation>位置编码方案：%1 | %2</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>%1 distinct random tokens</source>
        <translation>%1 个互不相同的随机词元</translation>
    </message>
    <message>
        <source>one random token repeated %1 times</source>
        <translation>一个随机词元重复 %1 次</translation>
    </message>
    <message>
        <source>Input, the same for every scheme: %1 (d = %2, seed %3), random W_q, W_k, W_v.</source>
        <translation>输入（所有方案相同）：%1（d = %2，种子 %3），随机的 W_q、W_k、W_v。</translation>
    </message>
    <message>
        <source>Every token is the same, so any pattern in a map comes from the positions alone.</source>
        <translation>每个词元都相同，所以图中的任何图案都只来自位置。</translation>
    </message>
    <message>
        <source>Causal mask: query i sees keys j ≤ i; the blank cells above the staircase are hidden.</source>
        <translation>因果掩码：查询 i 只看到 j ≤ i 的键；阶梯线上方的空白格被遮住。</translation>
    </message>
    <message>
        <source>%1: largest spread along a diagonal</source>
        <translation>%1：沿对角线的最大差</translation>
    </message>
    <message>
        <source>%1: permutation test, max |Δ output|</source>
        <translation>%1：置换检验，最大 |Δ 输出|</translation>
    </message>
    <message>
        <source>0, order invisible</source>
        <translation>0，看不到顺序</translation>
    </message>
    <message>
        <source>ALiBi slope m of head %1 of %2</source>
        <translation>ALiBi 斜率 m（第 %1 个头，共 %2 个）</translation>
    </message>
    <message>
        <source>p-RoPE: rotated pairs of %1</source>
        <translation>p-RoPE：旋转的维度对（共 %1 对）</translation>
    </message>
    <message>
        <source>0, a function of i − j only</source>
        <translation>0，只是 i − j 的函数</translation>
    </message>
    <message>
        <source>The tokens differ, so scores change along a diagonal under every scheme: set the tokens to one repeated token to see the positions alone.</source>
        <translation>词元各不相同，所以在每种方案下分数都会沿对角线变化：把词元设为“一个词元重复”才能只看位置的作用。</translation>
    </message>
    <message>
        <source>T5: buckets B (max distance %1, %2)</source>
        <translation>T5：桶数 B（最大距离 %1，%2）</translation>
    </message>
    <message>
        <source>one direction</source>
        <translation>单向</translation>
    </message>
    <message>
        <source>both directions</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>Config doctor</source>
        <translation>配置诊断</translation>
    </message>
    <message>
        <source>the current parameters</source>
        <translation>当前参数</translation>
    </message>
    <message>
        <source>the same without scaling</source>
        <translation>同一配置去掉缩放</translation>
    </message>
    <message>
        <source>Doctor: %1 against %2</source>
        <translation>配置诊断：%1 对比 %2</translation>
    </message>
    <message>
        <source>relative distance Δ (tokens)</source>
        <translation>相对距离 Δ（词元）</translation>
    </message>
    <message>
        <source>cosine of the two scores qᵀR(Δ)k</source>
        <translation>两个分数 qᵀR(Δ)k 之间的余弦</translation>
    </message>
    <message>
        <source>cosine, 128 random (q, k)</source>
        <translation>余弦，128 组随机 (q, k)</translation>
    </message>
    <message>
        <source>expectation (1/P) Σᵢ cos((θᵢ(A) − θᵢ(B))Δ)</source>
        <translation>期望值 (1/P) Σᵢ cos((θᵢ(A) − θᵢ(B))Δ)</translation>
    </message>
    <message>
        <source>threshold 0.99</source>
        <translation>阈值 0.99</translation>
    </message>
    <message>
        <source>first Δ with cosine &lt; 0.99</source>
        <translation>余弦 &lt; 0.99 的第一个 Δ</translation>
    </message>
    <message>
        <source>first drop below 0.99</source>
        <translation>首次低于 0.99</translation>
    </message>
    <message>
        <source>cosine at Δ = %1</source>
        <translation>Δ = %1 处的余弦</translation>
    </message>
    <message>
        <source>Not compared: %1</source>
        <translation>未对比：%1</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1: no check fired (%2 checks).</source>
        <translation>%1：没有检查项触发（共 %2 项检查）。</translation>
    </message>
    <message>
        <source>%1: %2 error(s), %3 warning(s).</source>
        <translation>%1：%2 个错误，%3 个警告。</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修正：%1</translation>
    </message>
    <message>
        <source>throughput (GB/s)</source>
        <translation>吞吐量（GB/s）</translation>
    </message>
    <message>
        <source>%1
computed</source>
        <translation>%1
现算</translation>
    </message>
    <message>
        <source>axis of each pair</source>
        <translation>每对的轴</translation>
    </message>
    <message>
        <source>Flattened 1D RoPE (x·w + y): score ⟨R(query) q, R(key) k⟩, query patch (%1, %2) ●</source>
        <translation>展平的一维 RoPE（x·w + y）：分数 ⟨R(查询) q, R(键) k⟩，查询图块 (%1, %2) ●</translation>
    </message>
    <message>
        <source>Axial 2D RoPE: score ⟨R(query) q, R(key) k⟩, query patch (%1, %2) ●</source>
        <translation>轴向二维 RoPE：分数 ⟨R(查询) q, R(键) k⟩，查询图块 (%1, %2) ●</translation>
    </message>
    <message>
        <source>score (d = %1)</source>
        <translation>分数（d = %1）</translation>
    </message>
    <message>
        <source>Weights per pair</source>
        <translation>每对的权重</translation>
    </message>
    <message>
        <source>critical dimension d_extra = 2⌈(d/2)·log_b(T/2π)⌉, T = %1</source>
        <translation>临界维度 d_extra = 2⌈(d/2)·log_b(T/2π)⌉，T = %1</translation>
    </message>
    <message>
        <source>pairs turning fully within T (left of the dashed line)</source>
        <translation>在 T 内转满一圈的对（虚线左边）</translation>
    </message>
    <message>
        <source>critical dimension d_extra = %1 (Liu et al. 2023)</source>
        <translation>临界维度 d_extra = %1（Liu 等 2023）</translation>
    </message>
    <message>
        <source>d_extra = %1</source>
        <translation>d_extra = %1</translation>
    </message>
    <message>
        <source>Men et al. 2024 fit b = %1·L%2 (their Figure 1)</source>
        <translation>Men 等 2024 的拟合 b = %1·L%2（论文图 1）</translation>
    </message>
    <message>
        <source>Men et al.&apos;s fit ÷ exact b*(L, 128): furthest off at L = %1</source>
        <translation>Men 等的拟合 ÷ 精确 b*(L, 128)：偏差最大处 L = %1</translation>
    </message>
    <message>
        <source>fit ÷ exact b*(L, 128) over L = %1 … %2</source>
        <translation>拟合 ÷ 精确 b*(L, 128)，L = %1 … %2</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>zeroed by FoPE: θ &lt; 2π/%1 (Hua et al. 2024)</source>
        <translation>被 FoPE 置零：θ &lt; 2π/%1（Hua 等 2024）</translation>
    </message>
    <message>
        <source>pairs FoPE zeroes (θ &lt; 2π/%1, λ &gt; %1)</source>
        <translation>FoPE 置零的对数（θ &lt; 2π/%1，λ &gt; %1）</translation>
    </message>
    <message>
        <source>FoPE cut-off: θ &lt; 2π/%1 → 0</source>
        <translation>FoPE 截断：θ &lt; 2π/%1 → 0</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>bases scanned so far (each: every m &lt; L)</source>
        <translation>目前已扫描的底数（每个：m &lt; L 的全部距离）</translation>
    </message>
    <message>
        <source>disk cache not written</source>
        <translation>磁盘缓存未写入</translation>
    </message>
    <message>
        <source>critical dimension (Liu et al. 2023)</source>
        <translation>临界维度（Liu 等 2023）</translation>
    </message>
    <message>
        <source>shown without a scaling method (Context extension: before)</source>
        <translation>仅在不选缩放方法时显示（上下文扩展面板：缩放前）</translation>
    </message>
    <message>
        <source>%1
λ %2</source>
        <translation>%1
λ %2</translation>
    </message>
    <message>
        <source>model folder %1 does not exist</source>
        <translation>模型文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>‖W_q⁽ⁱ⁾‖</source>
        <translation>‖W_q⁽ⁱ⁾‖</translation>
    </message>
    <message>
        <source>‖W_k⁽ⁱ⁾‖</source>
        <translation>‖W_k⁽ⁱ⁾‖</translation>
    </message>
    <message>
        <source>‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖</source>
        <translation>‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖</translation>
    </message>
    <message>
        <source>%1 per pair, layer and head: %2</source>
        <translation>每一对、每层、每个头的 %1：%2</translation>
    </message>
    <message>
        <source>half layout</source>
        <translation>half 布局</translation>
    </message>
    <message>
        <source>interleaved layout</source>
        <translation>interleaved 布局</translation>
    </message>
    <message>
        <source>layer, head</source>
        <translation>层，头</translation>
    </message>
    <message>
        <source>layer (mean over heads)</source>
        <translation>层（对头取平均）</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>query heads / key-value heads</source>
        <translation>查询头 / 键值头</translation>
    </message>
    <message>
        <source>pair with the largest mean</source>
        <translation>均值最大的对</translation>
    </message>
    <message>
        <source>its wavelength λ</source>
        <translation>它的波长 λ</translation>
    </message>
    <message>
        <source>Reading %1 was cancelled</source>
        <translation>已取消读取 %1</translation>
    </message>
    <message>
        <source>Reading the q/k projections of %1…</source>
        <translation>正在读取 %1 的 q/k 投影…</translation>
    </message>
    <message>
        <source>(b = %1, R = %2, %3)</source>
        <translation>（b = %1，R = %2，%3）</translation>
    </message>
    <message>
        <source>mean of all heads</source>
        <translation>所有头的均值</translation>
    </message>
    <message>
        <source>low- / high-frequency quarter</source>
        <translation>低频 / 高频各四分之一之比</translation>
    </message>
    <message>
        <source>b* provisional (certifying for this L…)</source>
        <translation>b* 暂定值（正在为此 L 认证…）</translation>
    </message>
    <message>
        <source>between %1 and %2 (from L = %3 and %4)</source>
        <translation>介于 %1 与 %2 之间（来自 L = %3 与 %4）</translation>
    </message>
    <message>
        <source>at least %1 (proven at L = %2)</source>
        <translation>至少 %1（已在 L = %2 处证明）</translation>
    </message>
    <message>
        <source>at most %1 (feasible at L = %2)</source>
        <translation>至多 %1（在 L = %2 处可行）</translation>
    </message>
    <message>
        <source>b* ≥ %1 (provisional: proven at L = %2)</source>
        <translation>b* ≥ %1（暂定：已在 L = %2 处证明）</translation>
    </message>
    <message>
        <source>b* ≤ %1 (provisional: feasible at L = %2)</source>
        <translation>b* ≤ %1（暂定：在 L = %2 处可行）</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>b* estimate (not certified; certifying for this d…)</source>
        <translation>b* 估计值（未经证明；正在为此 d 认证…）</translation>
    </message>
    <message>
        <source>≈ %1 (an estimate, not a bound: the first feasible base on a coarse grid; an island can be missed)</source>
        <translation>≈ %1（估计值，不是界：粗网格上第一个可行的底数；可能漏掉窄的可行孤岛）</translation>
    </message>
    <message>
        <source>not certified in this view: about %1 s of CPU (≈ 1 400 full scans of every m at L·d/2 = 2^18, growing like (L·d/2)^0.6, 12 ns per cosine); this view&apos;s cap is L·d/2 ≤ 2^19, about %2 s</source>
        <translation>本视图中未经证明：约需 %1 秒 CPU（L·d/2 = 2^18 时约 1 400 次遍历全部 m 的完整扫描，随 (L·d/2)^0.6 增长，每个余弦 12 ns）；本视图的上限为 L·d/2 ≤ 2^19，约 %2 秒</translation>
    </message>
    <message>
        <source>b* ≈ %1 (estimate, not certified)</source>
        <translation>b* ≈ %1（估计值，未经证明）</translation>
    </message>
    <message>
        <source>mean score</source>
        <translation>平均分数</translation>
    </message>
    <message>
        <source>score s(i, j)</source>
        <translation>分数 s(i, j)</translation>
    </message>
    <message>
        <source>Both maps causal: query i sees keys j ≤ i; the blank cells above the staircase are hidden.</source>
        <translation>两张图都用因果掩码：查询 i 只看到 j ≤ i 的键；阶梯线上方的空白格被遮住。</translation>
    </message>
    <message>
        <source>No mask: every query sees every key.</source>
        <translation>无掩码：每个查询都看得到每个键。</translation>
    </message>
    <message>
        <source>By distance</source>
        <translation>按距离平均</translation>
    </message>
    <message>
        <source>the two “%1”</source>
        <translation>两个“%1”</translation>
    </message>
    <message>
        <source>max |out(%1) − out(%2)|</source>
        <translation>max |out(%1) − out(%2)|</translation>
    </message>
    <message>
        <source>polar form, and a stronger requirement</source>
        <translation>极坐标形式，以及一个更强的要求</translation>
    </message>
    <message>
        <source>Take one pair of coordinates of a query q and of a key k and read each as a complex number, a length and an angle: q = ‖q‖·exp(iΘ(q)). Their dot product is the real part of q times the conjugate k* of k. Multiplying by exp(iα) turns a vector by α and keeps its length: the derivation will arrive at exactly this operation.</source>
        <translation>取查询 q 与键 k 的一对坐标，各自看成一个复数，即一个模长和一个辐角：q = ‖q‖·exp(iΘ(q))。它们的点积是 q 乘以 k 的共轭 k* 的实部。乘以 exp(iα) 会把向量转过 α 而不改变其长度：推导最终得到的正是这个运算。</translation>
    </message>
    <message>
        <source>Let f(q, m) put position m into q. Attention only sees dot products, so ask that the score of q at m and k at n depend on the positions only through m − n, and that position 0 change nothing: f(q, 0) = q. To make the requirement concrete the picture already uses the answer of page 7; beside, moving m and n together keeps the score, moving n alone does not.</source>
        <translation>设 f(q, m) 把位置 m 编入 q。注意力只看点积，所以要求位置 m 上的 q 与位置 n 上的 k 的分数只通过 m − n 依赖位置，并且位置 0 不改变向量：f(q, 0) = q。为了让要求具体可见，图中已经用了第 7 页的答案；旁边的小图中，m 与 n 一起移动时分数不变，只移动 n 时分数改变。</translation>
    </message>
    <message>
        <source>RoFormer&apos;s derivation asks more than page 2: that the whole complex product f(q, m)·f(k, n)* depend on m − n only, not just its real part, the score. This is a strengthening, made for simplicity (Su: “简单起见”): what it finds meets page 2&apos;s requirement, but encodings that meet it only through the real part are not looked for. Write each unknown in polar form, a length r and an angle ϑ; g = ρ·exp(iψ). A product multiplies lengths and adds angles, so the one equation splits in two.</source>
        <translation>RoFormer 的推导比第 2 页要求得更多：整个复数乘积 f(q, m)·f(k, n)* 只依赖于 m − n，而不只是它的实部（即分数）。这是为了简单起见（苏剑林：“简单起见”）所做的加强：由它找到的解满足第 2 页的要求，但只通过实部满足要求的编码并没有被考虑。把每个未知量写成极坐标形式，模长 r 与辐角 ϑ；g = ρ·exp(iψ)。复数相乘时模长相乘、辐角相加，所以一个方程拆成两个。</translation>
    </message>
    <message>
        <source>f(q, m) = r(q, m)·exp(iϑ(q, m))
r(q, m)·r(k, n) = ρ(q, k, m − n)
ϑ(q, m) − ϑ(k, n) = ψ(q, k, m − n)</source>
        <translation>f(q, m) = r(q, m)·exp(iϑ(q, m))
r(q, m)·r(k, n) = ρ(q, k, m − n)
ϑ(q, m) − ϑ(k, n) = ψ(q, k, m − n)</translation>
    </message>
    <message>
        <source>Set n = m. The right side no longer depends on the position, so it keeps its value at m = n = 0, where f changes nothing: r(q, m)·r(k, m) = ‖q‖‖k‖. That alone does not fix each length: if queries and keys had different encodings, ‖q‖·aᵐ and ‖k‖·a⁻ᵐ would also do (dashed; the family xPos builds on). RoPE encodes both with one f, so put k = q: r(q, m)² = ‖q‖², hence r(q, m) = ‖q‖. Drawn at n = m: the arrows stay on their circles.</source>
        <translation>令 n = m。右边不再依赖位置，所以保持它在 m = n = 0 时的值，而那里 f 不改变向量：r(q, m)·r(k, m) = ‖q‖‖k‖。仅凭这一点还定不下每个模长：如果查询和键用不同的编码，‖q‖·aᵐ 与 ‖k‖·a⁻ᵐ 也满足（虚线；xPos 就建立在这一族解上）。旋转位置编码对两者用同一个 f，所以令 k = q：r(q, m)² = ‖q‖²，从而 r(q, m) = ‖q‖。图中画的是 n = m：箭头停在各自的圆上。</translation>
    </message>
    <message>
        <source>r(q, m)·r(k, m) = ‖q‖‖k‖;   k = q  ⇒  r(q, m) = ‖q‖</source>
        <translation>r(q, m)·r(k, m) = ‖q‖‖k‖；   k = q  ⇒  r(q, m) = ‖q‖</translation>
    </message>
    <message>
        <source>The angle equation at n = m has the same right side for every m, its value at 0: Θ(q) − Θ(k). Rearranged, the left side below depends on q alone and the right side on k alone, so both equal one function φ(m) of the position: at position m every vector is turned by the same angle φ(m), and φ(0) = 0. Drawn at n = m: both arcs are φ(m), and the angle α between q and k stays.</source>
        <translation>n = m 时，辐角方程对每个 m 的右边都相同，等于它在 0 处的值：Θ(q) − Θ(k)。移项后，下式左边只依赖 q，右边只依赖 k，所以两边都等于位置的同一个函数 φ(m)：位置 m 上的每个向量都转过同一个角度 φ(m)，且 φ(0) = 0。图中画的是 n = m：两段弧都是 φ(m)，q 与 k 之间的夹角 α 保持不变。</translation>
    </message>
    <message>
        <source>ϑ(q, m) − Θ(q) = ϑ(k, m) − Θ(k) = φ(m)</source>
        <translation>ϑ(q, m) − Θ(q) = ϑ(k, m) − Θ(k) = φ(m)</translation>
    </message>
    <message>
        <source>Now take neighbours, n = m − 1. The angle equation gives φ(m) − φ(m − 1) = ψ(q, k, 1) + Θ(k) − Θ(q), and the right side does not depend on m. So each step of one position turns by the same angle θ: φ is an arithmetic progression starting at φ(0) = 0. Drawn: k one position behind q; the dashed arrow is k one step later, θ further on.</source>
        <translation>再取相邻位置 n = m − 1。辐角方程给出 φ(m) − φ(m − 1) = ψ(q, k, 1) + Θ(k) − Θ(q)，右边不依赖 m。所以每前进一个位置都转过同一个角度 θ：φ 是从 φ(0) = 0 开始的等差数列。图中 k 比 q 落后一个位置；虚线箭头是再前进一步的 k，多转了 θ。</translation>
    </message>
    <message>
        <source>φ(m) − φ(m − 1) = θ  ⇒  ϑ(q, m) = Θ(q) + mθ</source>
        <translation>φ(m) − φ(m − 1) = θ  ⇒  ϑ(q, m) = Θ(q) + mθ</translation>
    </message>
    <message>
        <source>Put length and angle together: f(q, m) = ‖q‖·exp(i(Θ(q) + mθ)) = q·eⁱᵐᶿ. Position m turns q by mθ, position n turns k by nθ, and the angle between them changes by (n − m)θ whatever m and n are. As a real 2×2 matrix this is the rotation Rₘ, and RₘᵀRₙ = Rₙ₋ₘ.</source>
        <translation>把模长和辐角合起来：f(q, m) = ‖q‖·exp(i(Θ(q) + mθ)) = q·eⁱᵐᶿ。位置 m 把 q 转过 mθ，位置 n 把 k 转过 nθ，无论 m、n 是多少，两者之间的夹角都改变 (n − m)θ。写成 2×2 实矩阵就是旋转 Rₘ，且 RₘᵀRₙ = Rₙ₋ₘ。</translation>
    </message>
    <message>
        <source>f(q, m) = q·eⁱᵐᶿ
⟨Rₘq, Rₙk⟩ = qᵀRₙ₋ₘk</source>
        <translation>f(q, m) = q·eⁱᵐᶿ
⟨Rₘq, Rₙk⟩ = qᵀRₙ₋ₘk</translation>
    </message>
    <message>
        <source>q = ‖q‖·exp(iΘ(q))</source>
        <translation>q = ‖q‖·exp(iΘ(q))</translation>
    </message>
    <message>
        <source>k = ‖k‖·exp(iΘ(k))</source>
        <translation>k = ‖k‖·exp(iΘ(k))</translation>
    </message>
    <message>
        <source>α = Θ(k) − Θ(q)</source>
        <translation>α = Θ(k) − Θ(q)</translation>
    </message>
    <message>
        <source>f(q, m) = r·exp(iϑ)</source>
        <translation>f(q, m) = r·exp(iϑ)</translation>
    </message>
    <message>
        <source>f(q, m) = q·eⁱᵐᶿ</source>
        <translation>f(q, m) = q·eⁱᵐᶿ</translation>
    </message>
    <message>
        <source>f(q, m)</source>
        <translation>f(q, m)</translation>
    </message>
    <message>
        <source>f(k, m), the key at n = m</source>
        <translation>f(k, m)，n = m 处的键</translation>
    </message>
    <message>
        <source>f(k, m − 1), one step behind</source>
        <translation>f(k, m − 1)，落后一步</translation>
    </message>
    <message>
        <source>f(k, n) = k·eⁱⁿᶿ</source>
        <translation>f(k, n) = k·eⁱⁿᶿ</translation>
    </message>
    <message>
        <source>f(k, n)</source>
        <translation>f(k, n)</translation>
    </message>
    <message>
        <source>ϑ(q, m)</source>
        <translation>ϑ(q, m)</translation>
    </message>
    <message>
        <source>ϑ(k, n)</source>
        <translation>ϑ(k, n)</translation>
    </message>
    <message>
        <source>r(q, m)</source>
        <translation>r(q, m)</translation>
    </message>
    <message>
        <source>separate encodings: ‖q‖·aᵐ and ‖k‖·a⁻ᵐ</source>
        <translation>各用各的编码：‖q‖·aᵐ 与 ‖k‖·a⁻ᵐ</translation>
    </message>
    <message>
        <source>φ(m)</source>
        <translation>φ(m)</translation>
    </message>
    <message>
        <source>f(k, m), one step later</source>
        <translation>f(k, m)，再前进一步</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>ϑ(k, n) − ϑ(q, m)</source>
        <translation>ϑ(k, n) − ϑ(q, m)</translation>
    </message>
    <message>
        <source>(n − m)θ</source>
        <translation>(n − m)θ</translation>
    </message>
    <message>
        <source>α + (n − m)θ</source>
        <translation>α + (n − m)θ</translation>
    </message>
    <message>
        <source>m = n</source>
        <translation>m = n</translation>
    </message>
    <message>
        <source>‖f(q, m)‖</source>
        <translation>‖f(q, m)‖</translation>
    </message>
    <message>
        <source>n = m − 1</source>
        <translation>n = m − 1</translation>
    </message>
    <message>
        <source>(n − m)θ mod 2π</source>
        <translation>(n − m)θ mod 2π</translation>
    </message>
    <message>
        <source>m + s, n + s</source>
        <translation>m + s, n + s</translation>
    </message>
    <message>
        <source>m, n + s</source>
        <translation>m, n + s</translation>
    </message>
    <message>
        <source>one θ: can it tell positions apart?</source>
        <translation>单个 θ：能区分位置吗？</translation>
    </message>
    <message>
        <source>A fast θ cannot: mθ counts only modulo 2π (a turn every 2π/θ = %1 tokens), and positions %2 and %3 (%4 apart) get angles %5° apart, within the tolerance of %6°: to this pair they are one position. A slow pair with θ &lt; 2π/L never comes round inside the context, so one θ could keep every position apart; that is not why RoPE uses many. Page 11 shows the reason: the shape of the score.</source>
        <translation>快的 θ 不能：mθ 只按 2π 取模（每 2π/θ = %1 个词元转一圈），位置 %2 与 %3（相距 %4）的角度只差 %5°，在 %6° 的容差之内：对这一对来说它们是同一个位置。θ &lt; 2π/L 的慢对在上下文内永远转不满一圈，所以单个 θ 也能把每个位置区分开；这并不是旋转位置编码使用许多频率的原因。第 11 页给出真正的原因：分数的形状。</translation>
    </message>
    <message>
        <source>This slow pair can: within gaps up to %2 no position comes back within %3° of another (a turn takes 2π/θ = %1 tokens), so it keeps every position of the context apart by itself, though neighbours differ by only %4°. Telling positions apart is therefore not why RoPE uses many pairs. Page 11 shows the reason: the shape of the score.</source>
        <translation>这个慢对能：在 %2 以内的间隔中，没有位置回到另一个位置的 %3° 以内（转一圈要 2π/θ = %1 个词元），所以它单独就能把上下文中的每个位置区分开，只是相邻位置只差 %4°。因此，区分位置并不是旋转位置编码使用许多对的原因。第 11 页给出真正的原因：分数的形状。</translation>
    </message>
    <message>
        <source>exp(i(m + 2π/θ)θ) = exp(imθ)</source>
        <translation>exp(i(m + 2π/θ)θ) = exp(imθ)</translation>
    </message>
    <message>
        <source>eⁱᵐᶿ, position m</source>
        <translation>eⁱᵐᶿ，位置 m</translation>
    </message>
    <message>
        <source>exp(im′θ), colliding position m′</source>
        <translation>exp(im′θ)，相撞的位置 m′</translation>
    </message>
    <message>
        <source>Why both cos and sin? Encode a position by sin(mθ) alone: token positions %1 and %2 turn to mirror images across the imaginary axis (within %3°), so their sin values %4 and %5 agree and only cos, %6 against %7, tells them apart. Scaling q and k by sin is not relative either: sin(mθ)·sin(nθ) = ½[cos((m − n)θ) − cos((m + n)θ)] depends on m + n (beside: both positions shifted).</source>
        <translation>为什么 cos 和 sin 都要？只用 sin(mθ) 编码位置时：词元位置 %1 与 %2 转到关于虚轴互为镜像的方向（误差 %3° 以内），所以它们的 sin 值 %4 与 %5 相同，只有 cos（%6 对 %7）能把它们区分开。用 sin 缩放 q 和 k 也不是相对的：sin(mθ)·sin(nθ) = ½[cos((m − n)θ) − cos((m + n)θ)] 依赖于 m + n（旁边的小图：两个位置一起平移）。</translation>
    </message>
    <message>
        <source>Why both cos and sin? Encode a position by sin(mθ) alone and the angle π − mθ has the same sin as mθ. For this slow pair no token position up to %1 lands within %2° of that mirror angle of position %3: the ambiguity lies beyond the context. It does not go away: sin(mθ)·sin(nθ) = ½[cos((m − n)θ) − cos((m + n)θ)] depends on m + n, so sin alone is not relative (beside: both positions shifted).</source>
        <translation>为什么 cos 和 sin 都要？只用 sin(mθ) 编码位置时，角度 π − mθ 与 mθ 的 sin 相同。对这个慢对，%1 以内没有哪个词元位置落在位置 %3 的镜像角度的 %2° 以内：歧义出现在上下文之外。但问题并没有消失：sin(mθ)·sin(nθ) = ½[cos((m − n)θ) − cos((m + n)θ)] 依赖于 m + n，所以只用 sin 不是相对的（旁边的小图：两个位置一起平移）。</translation>
    </message>
    <message>
        <source>sin(mθ) = sin(π − mθ),   cos(mθ) = −cos(π − mθ)</source>
        <translation>sin(mθ) = sin(π − mθ)，   cos(mθ) = −cos(π − mθ)</translation>
    </message>
    <message>
        <source>exp(im′θ), mirror position m′</source>
        <translation>exp(im′θ)，镜像位置 m′</translation>
    </message>
    <message>
        <source>angle π − mθ (no position within the context)</source>
        <translation>角度 π − mθ（上下文内没有对应的位置）</translation>
    </message>
    <message>
        <source>score of m + s, n + s</source>
        <translation>m + s、n + s 的分数</translation>
    </message>
    <message>
        <source>many pairs: Rₘ and the frequency ladder</source>
        <translation>许多对：Rₘ 与频率阶梯</translation>
    </message>
    <message>
        <source>A head of d = %1 coordinates is cut into %2 pairs, and pair i turns with its own θᵢ = b⁻²ⁱᐟᵈ: from θ₀ = 1 rad per token down to θ%3 = %4 (b = %5). Rₘ is block diagonal, one 2×2 rotation per pair, so the derivation holds pair by pair and the score still depends on m − n only.</source>
        <translation>d = %1 维的注意力头被切成 %2 对，第 i 对以自己的 θᵢ = b⁻²ⁱᐟᵈ 旋转：从 θ₀ = 1 rad/词元一直到 θ%3 = %4（b = %5）。Rₘ 是分块对角的，每对一个 2×2 旋转，所以推导逐对成立，分数仍然只依赖于 m − n。</translation>
    </message>
    <message>
        <source>Rₘ = diag(R(mθ₀), R(mθ₁), …)
θᵢ = b⁻²ⁱᐟᵈ</source>
        <translation>Rₘ = diag(R(mθ₀), R(mθ₁), …)
θᵢ = b⁻²ⁱᐟᵈ</translation>
    </message>
    <message>
        <source>entry of Rₘ</source>
        <translation>Rₘ 的元素</translation>
    </message>
    <message>
        <source>θ%1 (slowest)</source>
        <translation>θ%1（最慢）</translation>
    </message>
    <message>
        <source>Frequency ladder θᵢ = b⁻²ⁱᐟᵈ</source>
        <translation>频率阶梯 θᵢ = b⁻²ⁱᐟᵈ</translation>
    </message>
    <message>
        <source>log₁₀ θᵢ</source>
        <translation>log₁₀ θᵢ</translation>
    </message>
    <message>
        <source>one θ (pair %1 only)</source>
        <translation>单个 θ（只有第 %1 对）</translation>
    </message>
    <message>
        <source>the ladder, every pair equally weighted</source>
        <translation>频率阶梯，各对权重相同</translation>
    </message>
    <message>
        <source>target distance δ₀ = |n − m|</source>
        <translation>目标距离 δ₀ = |n − m|</translation>
    </message>
    <message>
        <source>what many pairs buy: the shape of the score</source>
        <translation>许多对带来了什么：分数的形状</translation>
    </message>
    <message>
        <source>one θ:  A·cos(δθ + φ)
ladder:  Σᵢ Aᵢ·cos(δθᵢ + φᵢ)</source>
        <translation>单个 θ：  A·cos(δθ + φ)
频率阶梯：  Σᵢ Aᵢ·cos(δθᵢ + φᵢ)</translation>
    </message>
    <message>
        <source>distance δ = m − n (tokens back)</source>
        <translation>距离 δ = m − n（往前的词元数）</translation>
    </message>
    <message>
        <source>score (1 at δ₀)</source>
        <translation>分数（δ₀ 处为 1）</translation>
    </message>
    <message>
        <source>δ₀</source>
        <translation>δ₀</translation>
    </message>
    <message>
        <source>one θ: best score ≥ %1 tokens from δ₀</source>
        <translation>单个 θ：离 δ₀ 至少 %1 个词元处的最高分</translation>
    </message>
    <message>
        <source>ladder: best score ≥ %1 tokens from δ₀</source>
        <translation>频率阶梯：离 δ₀ 至少 %1 个词元处的最高分</translation>
    </message>
    <message>
        <source>wavelength 2π/θᵢ</source>
        <translation>波长 2π/θᵢ</translation>
    </message>
    <message>
        <source>wavelength (tokens)</source>
        <translation>波长（词元）</translation>
    </message>
    <message>
        <source>Similar-key score (2/d)·Σcos(mθᵢ)</source>
        <translation>相似键的分数 (2/d)·Σcos(mθᵢ)</translation>
    </message>
    <message>
        <source>distance m (tokens)</source>
        <translation>距离 m（词元）</translation>
    </message>
    <message>
        <source>mean cosine</source>
        <translation>平均余弦</translation>
    </message>
    <message>
        <source>why a geometric ladder, why this base</source>
        <translation>为什么是等比阶梯，为什么是这个底数</translation>
    </message>
    <message>
        <source>Why equal ratios, θᵢ₊₁/θᵢ = 1/β with β = b²ᐟᵈ? Read the pairs as the digits of m written in base β (Su&apos;s “β进制” view): each pair turns β times slower than the one before, as each digit changes β times less often. So every scale of distance, from neighbours (θ₀ = 1 rad per token) out to about 2πb tokens, has pairs that turn part of a circle over it: a straight line on the log scale. Why this b? Too small, and the mean score of a similar key turns negative inside the context (beside; the decay panel); the smallest base that keeps it non-negative up to L is b*(L) (Men et al. 2024; the base-bound panel). Pairs above the dashed line never finish a turn within L (the heatmap panel&apos;s critical dimension).</source>
        <translation>为什么是等比的，θᵢ₊₁/θᵢ = 1/β、β = b²ᐟᵈ？把各对看成 m 写成 β 进制时的各位数字（苏剑林的“β进制”视角）：每一对都比前一对慢 β 倍，就像每一位数字的变化都比前一位少 β 倍。于是从相邻位置（θ₀ = 1 rad/词元）到大约 2πb 个词元，每个距离尺度上都有在这段距离内转过一部分圆周的对：在对数刻度上是一条直线。为什么是这个 b？太小的话，相似键的平均分数会在上下文之内变为负数（旁边的小图；远程衰减面板）；使它在 L 以内保持非负的最小底数是 b*(L)（Men 等 2024；底数下界面板）。虚线以上的对在 L 以内转不满一圈（热图面板的临界维度）。</translation>
    </message>
    <message>
        <source>θᵢ = β⁻ⁱ,  β = b²ᐟᵈ</source>
        <translation>θᵢ = β⁻ⁱ，  β = b²ᐟᵈ</translation>
    </message>
    <message>
        <source>first m with Σcos(mθᵢ) &lt; 0</source>
        <translation>Σcos(mθᵢ) &lt; 0 的第一个 m</translation>
    </message>
    <message>
        <source>none below %1 (scanned)</source>
        <translation>%1 以内没有（已扫描）</translation>
    </message>
    <message>
        <source>β = b²ᐟᵈ</source>
        <translation>β = b²ᐟᵈ</translation>
    </message>
    <message>
        <source>slowest wavelength</source>
        <translation>最慢的波长</translation>
    </message>
    <message>
        <source>pairs slower than one turn in L</source>
        <translation>L 内转不满一圈的对数</translation>
    </message>
    <message>
        <source>first negative</source>
        <translation>第一个负值</translation>
    </message>
    <message>
        <source>A head that should attend to the token δ₀ = %1 back turns its key so that every pair peaks there. With one θ the score over distance is a single sinusoid A·cos(δθ + φ), whatever the projection weights are: the head can set its height and phase, never its shape, and it peaks again every 2π/θ tokens, at integer distances nearly as high (%2 at δ = %3). With the ladder it is a sum of sinusoids, one per pair, that agree only at δ₀: %5 or more tokens away it reaches at most %4 here, and a head can shape it further by weighting the pairs. That, more than telling positions apart, is why RoPE uses many frequencies.</source>
        <translation>一个应当关注往前第 δ₀ = %1 个词元的注意力头，把它的键转到让每一对都在那里取峰值。只有一个 θ 时，分数随距离的变化是单个正弦 A·cos(δθ + φ)，无论投影权重是什么：注意力头能调它的高度和相位，却调不了形状，而且每隔 2π/θ 个词元就再次出现峰值，在整数距离上几乎同样高（δ = %3 处为 %2）。有频率阶梯时，它是多个正弦之和，每对一项，只在 δ₀ 处同时取峰：离 δ₀ 至少 %5 个词元处，这里最多只有 %4，注意力头还可以通过给各对加权进一步塑造它。这才是旋转位置编码使用许多频率的主要原因，而不是区分位置。</translation>
    </message>
    <message>
        <source> (%1 rotated)</source>
        <translation>（旋转 %1 维）</translation>
    </message>
    <message>
        <source>half-split pairs</source>
        <translation>前后半分配对</translation>
    </message>
    <message>
        <source>interleaved pairs</source>
        <translation>交错配对</translation>
    </message>
    <message>
        <source>%1, s = %2 over L₀ = %3</source>
        <translation>%1，s = %2，L₀ = %3</translation>
    </message>
    <message>
        <source>toy model: %1 tokens, head dimension %2</source>
        <translation>玩具模型：%1 个词元，头维度 %2</translation>
    </message>
    <message>
        <source>%1 × %2 patches, head dimension %3</source>
        <translation>%1 × %2 个图块，头维度 %3</translation>
    </message>
    <message>
        <source>compared with %1</source>
        <translation>对比 %1</translation>
    </message>
    <message>
        <source>quarter turn π/(2θₘᵢₙ)</source>
        <translation>四分之一圈 π/(2θₘᵢₙ)</translation>
    </message>
    <message>
        <source>slowest period 2π/θₘᵢₙ</source>
        <translation>最慢周期 2π/θₘᵢₙ</translation>
    </message>
    <message>
        <source>quarter-turn context π/(2θₘᵢₙ)</source>
        <translation>四分之一圈上下文 π/(2θₘᵢₙ)</translation>
    </message>
    <message>
        <source>Feasibility landscape g(b) = min over m &lt; %1 of Σᵢ cos(m·b⁻²ⁱ⁄ᵈ), d = %2 (feasible where g ≥ 0)</source>
        <translation>可行性地形 g(b) = 对 m &lt; %1 取 min Σᵢ cos(m·b⁻²ⁱ⁄ᵈ)，d = %2（g ≥ 0 处可行）</translation>
    </message>
    <message>
        <source>rule of thumb L = π/(2θₘᵢₙ), d = %1</source>
        <translation>经验法则 L = π/(2θₘᵢₙ)，d = %1</translation>
    </message>
    <message>
        <source>slowest period L = 2π/θₘᵢₙ, d = %1</source>
        <translation>最慢周期 L = 2π/θₘᵢₙ，d = %1</translation>
    </message>
    <message>
        <source>quarter-turn context π/(2θₘᵢₙ), current</source>
        <translation>四分之一圈上下文 π/(2θₘᵢₙ)，当前</translation>
    </message>
    <message>
        <source>u(m) (bound on |qᵀRₘ k| per unit max|hᵢ₊₁ − hᵢ|)</source>
        <translation>u(m)（|qᵀRₘ k| 的上界，以 max|hᵢ₊₁ − hᵢ| 为单位）</translation>
    </message>
    <message>
        <source>Expected score of a similar key E[qᵀRₘ(q + σε)] = 2·Σᵢ cos(mθᵢ)</source>
        <translation>相似键的期望分数 E[qᵀRₘ(q + σε)] = 2·Σᵢ cos(mθᵢ)</translation>
    </message>
    <message>
        <source>pair i  (θᵢ = b⁻²ⁱ⁄ᵈ rad/token)</source>
        <translation>维度对 i（θᵢ = b⁻²ⁱ⁄ᵈ rad/词元）</translation>
    </message>
    <message>
        <source>RₘᵀRₙ (left) and Rₙ₋ₘ (right): m = %1, n = %2, %3 layout</source>
        <translation>RₘᵀRₙ（左）与 Rₙ₋ₘ（右）：m = %1，n = %2，%3 布局</translation>
    </message>
    <message>
        <source>column j (left: RₘᵀRₙ; right: Rₙ₋ₘ)</source>
        <translation>列 j（左：RₘᵀRₙ；右：Rₙ₋ₘ）</translation>
    </message>
    <message>
        <source>max |RₘᵀRₙ − Rₙ₋ₘ|</source>
        <translation>max |RₘᵀRₙ − Rₙ₋ₘ|</translation>
    </message>
    <message>
        <source>qᵢ·exp(i tθᵢ), t = 0 … %1</source>
        <translation>qᵢ·exp(i tθᵢ)，t = 0 … %1</translation>
    </message>
    <message>
        <source>kᵢ·exp(i tθᵢ)</source>
        <translation>kᵢ·exp(i tθᵢ)</translation>
    </message>
    <message>
        <source>qᵢ·exp(imθᵢ) at m = %1</source>
        <translation>m = %1 处的 qᵢ·exp(imθᵢ)</translation>
    </message>
    <message>
        <source>kᵢ·exp(inθᵢ) at n = %1</source>
        <translation>n = %1 处的 kᵢ·exp(inθᵢ)</translation>
    </message>
    <message>
        <source>pair score Re[(qᵢexp(imθᵢ))*·kᵢexp(inθᵢ)]</source>
        <translation>单对分数 Re[(qᵢexp(imθᵢ))*·kᵢexp(inθᵢ)]</translation>
    </message>
    <message>
        <source>full score ⟨Rₘ q, Rₙ k⟩</source>
        <translation>完整分数 ⟨Rₘ q, Rₙ k⟩</translation>
    </message>
    <message>
        <source>Rₘ Rₙ − Rₘ₊ₙ</source>
        <translation>Rₘ Rₙ − Rₘ₊ₙ</translation>
    </message>
    <message>
        <source>Rₘᵀ Rₘ − I</source>
        <translation>Rₘᵀ Rₘ − I</translation>
    </message>
    <message>
        <source>Rₘᵀ Rₙ − Rₙ₋ₘ</source>
        <translation>Rₘᵀ Rₙ − Rₙ₋ₘ</translation>
    </message>
    <message>
        <source>max |RₘRₙ − Rₘ₊ₙ|</source>
        <translation>max |RₘRₙ − Rₘ₊ₙ|</translation>
    </message>
    <message>
        <source>max |RₘᵀRₘ − I|</source>
        <translation>max |RₘᵀRₘ − I|</translation>
    </message>
    <message>
        <source>largest |mismatch| (lengths %1 apart)</source>
        <translation>最大 |不一致|（长度间隔 %1）</translation>
    </message>
    <message>
        <source>coordinate j; half[j] = interleaved[pⱼ], p = %1</source>
        <translation>坐标 j；half[j] = interleaved[pⱼ]，p = %1</translation>
    </message>
    <message>
        <source>permutation: interleaved pⱼ → half j</source>
        <translation>置换：interleaved pⱼ → half j</translation>
    </message>
    <message>
        <source>Rₘ, %1 layout (d = %2, m = %3)</source>
        <translation>Rₘ，%1 布局（d = %2，m = %3）</translation>
    </message>
    <message>
        <source>entry of Rₘ (cos mθᵢ, ±sin mθᵢ)</source>
        <translation>Rₘ 的元素（cos mθᵢ，±sin mθᵢ）</translation>
    </message>
    <message>
        <source>logit ⟨Rₘ q, Rₙ k⟩ (seeded random W, x)</source>
        <translation>logit ⟨Rₘ q, Rₙ k⟩（固定种子的随机 W、x）</translation>
    </message>
    <message>
        <source>|θ(float32) − mθ| (rad, exact angle in long double)</source>
        <translation>|θ(float32) − mθ|（rad，精确角度用 long double 计算）</translation>
    </message>
    <message>
        <source>max |exp(xB₁+yB₂) − R(x, y)| at the query (d = %1)</source>
        <translation>查询处的 max |exp(xB₁+yB₂) − R(x, y)|（d = %1）</translation>
    </message>
    <message>
        <source>x recovered from R(x, y)</source>
        <translation>由 R(x, y) 还原的 x</translation>
    </message>
    <message>
        <source>y recovered from R(x, y)</source>
        <translation>由 R(x, y) 还原的 y</translation>
    </message>
    <message>
        <source>pair i, wavelength λᵢ = 2π·b²ⁱ⁄ᴿ tokens</source>
        <translation>第 i 对，波长 λᵢ = 2π·b²ⁱ⁄ᴿ 个词元</translation>
    </message>
    <message>
        <source>Rₘq, m = %1</source>
        <translation>Rₘq，m = %1</translation>
    </message>
    <message>
        <source>Rₙk, n = %1</source>
        <translation>Rₙk，n = %1</translation>
    </message>
    <message>
        <source>Training lab</source>
        <translation>训练实验</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习位置</translation>
    </message>
    <message>
        <source>T5 bias</source>
        <translation>T5 偏置</translation>
    </message>
    <message>
        <source>unknown position scheme &apos;%1&apos; (known: %2)</source>
        <translation>未知的位置编码方案“%1”（可用：%2）</translation>
    </message>
    <message>
        <source>position scheme &apos;%1&apos; is listed twice</source>
        <translation>位置编码方案“%1”列出了两次</translation>
    </message>
    <message>
        <source>no position scheme given (known: %1)</source>
        <translation>没有给出位置编码方案（可用：%1）</translation>
    </message>
    <message>
        <source> (min over seeds)</source>
        <translation>（各种子最小值）</translation>
    </message>
    <message>
        <source> (max over seeds)</source>
        <translation>（各种子最大值）</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Training race on %1: %2 layer(s), d_model %3, L = %4, %5 seed(s)</source>
        <translation>%1 上的训练比赛：%2 层，d_model %3，L = %4，%5 个种子</translation>
    </message>
    <message>
        <source>training step (batch of %1 fresh sequences)</source>
        <translation>训练步（每批 %1 个新序列）</translation>
    </message>
    <message>
        <source>accuracy on the step&apos;s batch</source>
        <translation>当步批次的准确率</translation>
    </message>
    <message>
        <source>cross-entropy loss (nats)</source>
        <translation>交叉熵损失（奈特）</translation>
    </message>
    <message>
        <source>held-out accuracy by test length</source>
        <translation>按测试长度的留出准确率</translation>
    </message>
    <message>
        <source>test length (tokens)</source>
        <translation>测试长度（词元）</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>%1 (L)</source>
        <translation>%1 (L)</translation>
    </message>
    <message>
        <source>%1 (%2L)</source>
        <translation>%1 (%2L)</translation>
    </message>
    <message>
        <source>training… %1 of %2 runs done</source>
        <translation>训练中… 已完成 %1/%2 次训练</translation>
    </message>
    <message>
        <source>%1: steps to 99 %</source>
        <translation>%1：达到 99% 的步数</translation>
    </message>
    <message>
        <source>never in %1 steps (%2 seeds)</source>
        <translation>%1 步内从未达到（%2 个种子）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>, %1 of %2 seeds</source>
        <translation>，%2 个种子中的 %1 个</translation>
    </message>
    <message>
        <source>%1: accuracy at %2L</source>
        <translation>%1：%2L 处的准确率</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>layers·d_model²·length·batch·steps·seeds·schemes = %1 exceeds the lab&apos;s limit of %2; lower steps, seeds or sizes</source>
        <translation>层数·d_model²·长度·批大小·步数·种子数·方案数 = %1，超过实验的上限 %2；请减少步数、种子数或规模</translation>
    </message>
    <message>
        <source>transformers against llama.cpp at context %1:</source>
        <translation>上下文 %1 下 transformers 与 llama.cpp 的对比：</translation>
    </message>
    <message>
        <source>  not compared: %1</source>
        <translation>  未比较：%1</translation>
    </message>
    <message>
        <source>  the same θ, magnitude, rotating layers and windows in both engines.</source>
        <translation>  两个引擎的 θ、幅度、旋转的层和窗口均相同。</translation>
    </message>
    <message>
        <source>  largest θ difference %1 % (layer %2, pair %3)</source>
        <translation>  θ 最大差异 %1 %（第 %2 层，第 %3 对）</translation>
    </message>
    <message>
        <source>  the scores differ by more than %1 from Δ = %2 (layer %3)</source>
        <translation>  从 Δ = %2 起得分差异超过 %1（第 %3 层）</translation>
    </message>
    <message>
        <source>  the scores stay within %1 of each other</source>
        <translation>  两者得分之差始终不超过 %1</translation>
    </message>
    <message>
        <source>  Fix: %1</source>
        <translation>  修正：%1</translation>
    </message>
    <message>
        <source>Not trained yet.
Press Train to race
%1 scheme(s) × %2 seed(s):
%3 runs of %4 steps,
%5 training steps in all.</source>
        <translation>尚未训练。
按“训练”开始比赛：
%1 个方案 × %2 个种子，
共 %3 次训练，每次 %4 步，
总计 %5 个训练步。</translation>
    </message>
    <message>
        <source>Why both cos and sin? Encode a position by sin(mθ) alone: token positions %1 and %2 turn to mirror images across the imaginary axis (within %3°), so their sin values %4 and %5 agree and only cos, %6 against %7, tells them apart.</source>
        <translation>为什么 cos 和 sin 都要？只用 sin(mθ) 编码位置时：词元位置 %1 与 %2 转到关于虚轴互为镜像的方向（误差 %3° 以内），所以它们的 sin 值 %4 与 %5 相同，只有 cos（%6 对 %7）能把它们区分开。</translation>
    </message>
    <message>
        <source>Why both cos and sin? Encode a position by sin(mθ) alone and the angle π − mθ has the same sin as mθ. For this slow pair no token position up to %1 lands within %2° of that mirror angle of position %3: the ambiguity lies beyond the context.</source>
        <translation>为什么 cos 和 sin 都要？只用 sin(mθ) 编码位置时，角度 π − mθ 与 mθ 的 sin 相同。对这个慢对，%1 以内没有哪个词元位置落在位置 %3 的镜像角度的 %2° 以内：歧义出现在上下文之外。</translation>
    </message>
    <message>
        <source>Now scale q by sin(mθ) and k by sin(nθ) and move both positions by the same s: beside, the two factors.</source>
        <translation>现在用 sin(mθ) 缩放 q、用 sin(nθ) 缩放 k，并把两个位置都移动同样的 s：旁边的小图画出这两个因子。</translation>
    </message>
    <message>
        <source>The two factors as both positions move</source>
        <translation>两个位置一起移动时的两个因子</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>因子</translation>
    </message>
    <message>
        <source>sin((m + s)θ), on q</source>
        <translation>sin((m + s)θ)，乘在 q 上</translation>
    </message>
    <message>
        <source>sin((n + s)θ), on k</source>
        <translation>sin((n + s)θ)，乘在 k 上</translation>
    </message>
    <message>
        <source>Engines: %1 in transformers and in llama.cpp</source>
        <translation>引擎：%1 在 transformers 与 llama.cpp 中</translation>
    </message>
    <message>
        <source>s(Δ) in llama.cpp − s(Δ) in transformers</source>
        <translation>llama.cpp 的 s(Δ) − transformers 的 s(Δ)</translation>
    </message>
    <message>
        <source>llama.cpp − transformers, layer %1</source>
        <translation>llama.cpp − transformers，第 %1 层</translation>
    </message>
    <message>
        <source>tolerance ±%1</source>
        <translation>容差 ±%1</translation>
    </message>
    <message>
        <source>the scores part: Δ = %1</source>
        <translation>得分开始分离：Δ = %1</translation>
    </message>
    <message>
        <source>layer shown</source>
        <translation>显示的层</translation>
    </message>
    <message>
        <source>largest θ difference, this layer</source>
        <translation>本层最大的 θ 差</translation>
    </message>
    <message>
        <source>the scores part from Δ</source>
        <translation>得分开始分离的 Δ</translation>
    </message>
    <message>
        <source>never within %1 tokens</source>
        <translation>在 %1 个词元内从不分离</translation>
    </message>
    <message>
        <source>θ difference per pair, layer %1</source>
        <translation>每个维度对的 θ 差，第 %1 层</translation>
    </message>
    <message>
        <source>|θ(llama.cpp) − θ(transformers)| / θ (%)</source>
        <translation>|θ(llama.cpp) − θ(transformers)| / θ（%）</translation>
    </message>
    <message>
        <source>against transformers&apos; θ</source>
        <translation>相对 transformers 的 θ</translation>
    </message>
    <message>
        <source>against its long-context θ</source>
        <translation>相对其长上下文 θ</translation>
    </message>
    <message>
        <source>llama.cpp arguments need engine llama.cpp (the engine is transformers, which reads none)</source>
        <translation>llama.cpp 参数需要引擎 llama.cpp（当前引擎是 transformers，它不读取这些参数）</translation>
    </message>
    <message>
        <source>Engines: transformers against llama.cpp</source>
        <translation>引擎：transformers 对比 llama.cpp</translation>
    </message>
    <message>
        <source>Load a model (Model ▸ Open config.json… or a preset of the Model menu; rope-cli: --set model=&lt;preset id or file&gt;)
to see what transformers and llama.cpp compute for it.</source>
        <translation>加载一个模型（模型 ▸ 打开 config.json…，或“模型”菜单中的预设；rope-cli：--set model=&lt;预设 id 或文件&gt;），
即可看到 transformers 和 llama.cpp 为它算出的结果。</translation>
    </message>
    <message>
        <source>layer %1 does not exist: the model has %2 layer(s), numbered 0 … %3</source>
        <translation>层 %1 不存在：模型有 %2 层，编号 0 … %3</translation>
    </message>
    <message>
        <source>Inside RoPE trained on %1 (b = %2, L = %3, seed 1): layer %4, head %5 on a held-out sequence</source>
        <translation>在 %1 上训练的 RoPE 内部（b = %2，L = %3，种子 1）：层 %4、头 %5 在留出序列上</translation>
    </message>
    <message>
        <source>‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ per rotary pair</source>
        <translation>每个旋转对的 ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖</translation>
    </message>
    <message>
        <source>rotary pair i (wavelength 2π·b²ⁱᐟʳ grows with i)</source>
        <translation>旋转对 i（波长 2π·b²ⁱᐟʳ 随 i 增大）</translation>
    </message>
    <message>
        <source>norm product</source>
        <translation>范数乘积</translation>
    </message>
    <message>
        <source>Not trained yet.
Press Train to train RoPE (seed 1) for %1 steps
and look inside it.</source>
        <translation>尚未训练。
按“训练”将 RoPE（种子 1）训练 %1 步，
然后查看其内部。</translation>
    </message>
    <message>
        <source>Training RoPE… step %1 of %2, accuracy %3</source>
        <translation>正在训练 RoPE… 第 %1 / %2 步，准确率 %3</translation>
    </message>
    <message>
        <source>attention probability (rows sum to 1)</source>
        <translation>注意力概率（每行之和为 1）</translation>
    </message>
    <message>
        <source>most attended offset i − j</source>
        <translation>最受关注的偏移 i − j</translation>
    </message>
    <message>
        <source>%1 (the maximum of %2 of %3 rows)</source>
        <translation>%1（%3 行中有 %2 行的最大值在此）</translation>
    </message>
    <message>
        <source>held-out accuracy at L</source>
        <translation>L 处的留出准确率</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>层 %1，头 %2</translation>
    </message>
    <message>
        <source>mean over all %1 heads</source>
        <translation>全部 %1 个头的平均</translation>
    </message>
    <message>
        <source>wavelength = L</source>
        <translation>波长 = L</translation>
    </message>
    <message>
        <source>λ = L</source>
        <translation>λ = L</translation>
    </message>
    <message>
        <source>largest pair, this head</source>
        <translation>最大的对（本头）</translation>
    </message>
    <message>
        <source>%1 (λ = %2)</source>
        <translation>%1（λ = %2）</translation>
    </message>
    <message>
        <source>largest pair, all heads</source>
        <translation>最大的对（所有头）</translation>
    </message>
    <message>
        <source>mean over all heads, before training</source>
        <translation>所有头的平均（训练前）</translation>
    </message>
    <message>
        <source>being computed…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>PI (linear)</source>
        <translation>PI（线性）</translation>
    </message>
    <message>
        <source>NTK-aware</source>
        <translation>NTK-aware</translation>
    </message>
    <message>
        <source>dynamic NTK</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>%1 (½L)</source>
        <translation>%1 (½L)</translation>
    </message>
    <message>
        <source>Accuracy against test length on %1: trained at L = %2, %3 seed(s)</source>
        <translation>%1 上准确率与测试长度：在 L = %2 上训练，%3 个种子</translation>
    </message>
    <message>
        <source>held-out accuracy</source>
        <translation>留出准确率</translation>
    </message>
    <message>
        <source>RoPE with test-time scaling and fine-tuning</source>
        <translation>测试时缩放与微调下的 RoPE</translation>
    </message>
    <message>
        <source>training length L</source>
        <translation>训练长度 L</translation>
    </message>
    <message>
        <source>Not trained yet.
Press Train to train
%1 scheme(s) × %2 seed(s)
at L = %3 and test them
at %4 lengths.</source>
        <translation>尚未训练。
按“训练”在 L = %3 上
训练 %1 个方案 × %2 个种子，
并在 %4 个长度上
测试它们。</translation>
    </message>
    <message>
        <source>training… %1 of %2 models done</source>
        <translation>训练中… 已完成 %1/%2 个模型</translation>
    </message>
    <message>
        <source>%1 at 2L, %2 at 4L</source>
        <translation>2L 处 %1，4L 处 %2</translation>
    </message>
    <message>
        <source>%1: accuracy</source>
        <translation>%1：准确率</translation>
    </message>
    <message>
        <source>RoPE, no scaling</source>
        <translation>RoPE，不缩放</translation>
    </message>
    <message>
        <source>RoPE + %1 at test time</source>
        <translation>RoPE + 测试时 %1</translation>
    </message>
    <message>
        <source>RoPE + %1, no fine-tune</source>
        <translation>RoPE + %1，不微调</translation>
    </message>
    <message>
        <source>RoPE + PI, fine-tuned %1 steps at %2</source>
        <translation>RoPE + PI，在 %2 上微调 %1 步</translation>
    </message>
    <message>
        <source>RoPE fine-tuned without scaling (control)</source>
        <translation>不缩放微调的 RoPE（对照）</translation>
    </message>
    <message>
        <source>RoPE fine-tuned, no scaling</source>
        <translation>RoPE 微调，不缩放</translation>
    </message>
    <message>
        <source>RoPE + %1, fine-tuned</source>
        <translation>RoPE + %1，微调后</translation>
    </message>
    <message>
        <source>RoPE base sweep on %1: trained at L = %2, tested at %3 = %4L (head dimension %5, %6 seed(s))</source>
        <translation>%1 上的 RoPE 底数扫描：在 L = %2 上训练，在 %3 = %4L 上测试（头维度 %5，%6 个种子）</translation>
    </message>
    <message>
        <source>RoPE base b</source>
        <translation>RoPE 底数 b</translation>
    </message>
    <message>
        <source>below this base every pair turns within L (d_extra = %1)</source>
        <translation>低于此底数时每一对都在 L 内转满一圈（d_extra = %1）</translation>
    </message>
    <message>
        <source>critical dimension d_extra at the swept bases</source>
        <translation>各扫描底数下的临界维度 d_extra</translation>
    </message>
    <message>
        <source>%1 of %2 (Liu et al. 2023; %2 only below b = %3)</source>
        <translation>%2 中的 %1（Liu 等 2023；只有 b 低于 %3 时为 %2）</translation>
    </message>
    <message>
        <source>b*(%1L = %2) = %3 (base-bound panel)</source>
        <translation>b*(%1L = %2) = %3（底数下界面板）</translation>
    </message>
    <message>
        <source>b*(L = %1) = %2</source>
        <translation>b*(L = %1) = %2</translation>
    </message>
    <message>
        <source>Not trained yet.
Press Train to train RoPE
at %1 bases × %2 seed(s)
and test each at %3L.</source>
        <translation>尚未训练。
按“训练”以 %1 个底数 × %2 个种子
训练 RoPE，
并各自在 %3L 上测试。</translation>
    </message>
    <message>
        <source>accuracy at %1L = %2</source>
        <translation>%1L = %2 处的准确率</translation>
    </message>
    <message>
        <source>accuracy at L = %1</source>
        <translation>L = %1 处的准确率</translation>
    </message>
    <message>
        <source>no base keeps the bound at %1 tokens for head dimension %2: nothing to compare</source>
        <translation>对头维度 %2，没有底数能在 %1 个词元上满足下界：无从比较</translation>
    </message>
    <message>
        <source>every swept base lies on one side of b*(%1L) = %2: the sweep cannot test it</source>
        <translation>所有扫描的底数都在 b*(%1L) = %2 的同一侧：扫描无法检验它</translation>
    </message>
    <message>
        <source>mean %1 at bases ≥ b*, %2 below</source>
        <translation>底数 ≥ b* 时平均 %1，低于时 %2</translation>
    </message>
    <message>
        <source>yes: accuracy rises across b* (%1)</source>
        <translation>是：准确率越过 b* 时上升（%1）</translation>
    </message>
    <message>
        <source>no, the opposite: the bases below b* do better (%1)</source>
        <translation>否，恰恰相反：低于 b* 的底数更好（%1）</translation>
    </message>
    <message>
        <source>no: accuracy is flat across b* (%1)</source>
        <translation>否：准确率在 b* 两侧持平（%1）</translation>
    </message>
    <message>
        <source>break at b*(%1L), as the bound says?</source>
        <translation>断点是否如下界所说在 b*(%1L)？</translation>
    </message>
    <message>
        <source>b = %1</source>
        <translation>b = %1</translation>
    </message>
    <message>
        <source>%1 at %2L, %3 at L</source>
        <translation>%2L 处 %1，L 处 %3</translation>
    </message>
    <message>
        <source>layers·d_model²·length·batch·steps = %1 (the inside view&apos;s one model) exceeds the lab&apos;s limit of %2; lower steps or sizes</source>
        <translation>层数·d_model²·长度·批大小·步数 = %1（内部视图的一个模型）超过实验的上限 %2；请减少步数或规模</translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>PI, fine-tuned</source>
        <translation>PI，微调后</translation>
    </message>
    <message>
        <source>no scaling, fine-tuned</source>
        <translation>不缩放，微调后</translation>
    </message>
</context>
<context>
    <name>Io</name>
    <message>
        <source>%1 is a directory</source>
        <translation>%1 是一个目录</translation>
    </message>
    <message>
        <source>only %1 of %2 bytes written (%3)</source>
        <translation>只写入了 %2 字节中的 %1 字节（%3）</translation>
    </message>
    <message>
        <source>%1 disagrees with %2 = %3; using %2</source>
        <translation>%1 与 %2 = %3 不一致；使用 %2</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>expected an object or null, got %1</source>
        <translation>应为对象或 null，实际为%1</translation>
    </message>
    <message>
        <source>unknown field; a rope dict may hold: %1</source>
        <translation>未知字段；rope 字典可包含：%1</translation>
    </message>
    <message>
        <source>one dict per layer type; showing &apos;%1&apos;%2</source>
        <translation>每种层类型一个字典；显示“%1”%2</translation>
    </message>
    <message>
        <source> (not shown: %1)</source>
        <translation>（未显示：%1）</translation>
    </message>
    <message>
        <source>missing; using 10000 (transformers&apos; default)</source>
        <translation>缺失；使用 10000（transformers 的默认值）</translation>
    </message>
    <message>
        <source>missing; the head dimension is %1 / %2</source>
        <translation>缺失；头维度取 %1 / %2</translation>
    </message>
    <message>
        <source>must be positive, got %1</source>
        <translation>必须为正数，实际为 %1</translation>
    </message>
    <message>
        <source>must be in (0, 1], got %1</source>
        <translation>必须在 (0, 1] 内，实际为 %1</translation>
    </message>
    <message>
        <source>missing; the context stays at %1 tokens</source>
        <translation>缺失；上下文保持为 %1 个词元</translation>
    </message>
    <message>
        <source>expected an array of numbers, got %1</source>
        <translation>应为数字数组，实际为%1</translation>
    </message>
    <message>
        <source>item %1: expected a number, got %2</source>
        <translation>第 %1 项：应为数字，实际为%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; contradicts rope_type &apos;%2&apos;</source>
        <translation>“%1”与 rope_type“%2”矛盾</translation>
    </message>
    <message>
        <source>not used by &apos;%1&apos;, ignored</source>
        <translation>“%1”不使用此字段，已忽略</translation>
    </message>
    <message>
        <source>missing (required by &apos;%1&apos;)</source>
        <translation>缺失（“%1”需要此字段）</translation>
    </message>
    <message>
        <source>must be in [1, 100000], got %1</source>
        <translation>必须在 [1, 100000] 内，实际为 %1</translation>
    </message>
    <message>
        <source>has %1 entries but num_hidden_layers is %2</source>
        <translation>有 %1 项，但 num_hidden_layers 为 %2</translation>
    </message>
    <message>
        <source>expected strings, got %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>expected an array, got %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>no entry for layer type &apos;%1&apos; (has: %2)</source>
        <translation>没有层类型“%1”的条目（已有：%2）</translation>
    </message>
    <message>
        <source>item %1: expected 0 (NoPE) or 1 (RoPE), got %2</source>
        <translation>第 %1 项：应为 0（NoPE）或 1（RoPE），实际为%2</translation>
    </message>
    <message>
        <source>model configs</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>line %1, column %2 (offset %3): %4</source>
        <translation>第 %1 行，第 %2 列（偏移 %3）：%4</translation>
    </message>
    <message>
        <source>malformed JSON at </source>
        <translation>JSON 格式错误，位置：</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>顶层应为 JSON 对象</translation>
    </message>
    <message>
        <source>the string &quot;%1&quot;</source>
        <translation>字符串“%1”</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>expected a finite number, got %1</source>
        <translation>应为有限数，实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer, got %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 超出范围</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>%1 is %2 bytes; %3 over %4 bytes (16 MiB) are refused</source>
        <translation>%1 有 %2 字节；超过 %4 字节（16 MiB）的%3会被拒绝</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds more than %2 bytes (16 MiB); refused</source>
        <translation>%1 超过 %2 字节（16 MiB）；已拒绝</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation>未知预设“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>skipped keys this version (%1) does not know: %2</source>
        <translation>跳过了此版本（%1）不认识的键：%2</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got &quot;%2&quot;</source>
        <translation>应为“%1”，实际为“%2”</translation>
    </message>
    <message>
        <source>expected an integer, got null</source>
        <translation>应为整数，实际为 null</translation>
    </message>
    <message>
        <source>must be 0 or more, got %1</source>
        <translation>必须 ≥ 0，实际为 %1</translation>
    </message>
    <message>
        <source>missing; expected &quot;%1&quot;</source>
        <translation>缺失；应为“%1”</translation>
    </message>
    <message>
        <source>missing; default parameters used</source>
        <translation>缺失；使用默认参数</translation>
    </message>
    <message>
        <source>expected &quot;interleaved&quot; or &quot;half&quot;, got &quot;%1&quot;</source>
        <translation>应为“interleaved”或“half”，实际为“%1”</translation>
    </message>
    <message>
        <source>expected an object of options, got %1</source>
        <translation>应为选项对象，实际为%1</translation>
    </message>
    <message>
        <source>not valid base64</source>
        <translation>不是有效的 base64</translation>
    </message>
    <message>
        <source>cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>at byte %1: %2</source>
        <translation>第 %1 字节处：%2</translation>
    </message>
    <message>
        <source>file ends inside %1 (truncated)</source>
        <translation>文件在%1内部结束（被截断）</translation>
    </message>
    <message>
        <source>%1 claims %2 bytes but only %3 are left in the file</source>
        <translation>%1声称有 %2 字节，但文件只剩 %3 字节</translation>
    </message>
    <message>
        <source>%1: a bool must be 0 or 1, got %2</source>
        <translation>%1：布尔值必须是 0 或 1，实际为 %2</translation>
    </message>
    <message>
        <source>the value type of &apos;%1&apos;</source>
        <translation>“%1”的值类型</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has value type %2, which GGUF does not define (0 to 12)</source>
        <translation>“%1”的值类型为 %2，GGUF 未定义此类型（0 到 12）</translation>
    </message>
    <message>
        <source>the string value of &apos;%1&apos;</source>
        <translation>“%1”的字符串值</translation>
    </message>
    <message>
        <source>the value of &apos;%1&apos;</source>
        <translation>“%1”的值</translation>
    </message>
    <message>
        <source>the item type of array &apos;%1&apos;</source>
        <translation>数组“%1”的元素类型</translation>
    </message>
    <message>
        <source>array &apos;%1&apos; has item type %2 (supported: 0 to 8, 10 to 12)</source>
        <translation>数组“%1”的元素类型为 %2（支持：0 到 8、10 到 12）</translation>
    </message>
    <message>
        <source>the length of array &apos;%1&apos;</source>
        <translation>数组“%1”的长度</translation>
    </message>
    <message>
        <source>array &apos;%1&apos; claims %2 items of at least %3 bytes, but only %4 bytes are left in the file</source>
        <translation>数组“%1”声称有 %2 个元素、每个至少 %3 字节，但文件只剩 %4 字节</translation>
    </message>
    <message>
        <source>array &apos;%1&apos;</source>
        <translation>数组“%1”</translation>
    </message>
    <message>
        <source>not a GGUF file: it does not start with the bytes &quot;GGUF&quot;</source>
        <translation>不是 GGUF 文件：文件开头不是字节 &quot;GGUF&quot;</translation>
    </message>
    <message>
        <source>the version</source>
        <translation>版本号</translation>
    </message>
    <message>
        <source>big-endian GGUF (version %1 byte-swapped) is not supported</source>
        <translation>不支持大端序 GGUF（字节交换后的版本为 %1）</translation>
    </message>
    <message>
        <source>GGUF version 1 (32-bit counts) is not supported; convert the file again (versions 2 and 3 are read)</source>
        <translation>不支持 GGUF 版本 1（32 位计数）；请重新转换文件（可读取版本 2 和 3）</translation>
    </message>
    <message>
        <source>unknown GGUF version %1 (versions 2 and 3 are read)</source>
        <translation>未知的 GGUF 版本 %1（可读取版本 2 和 3）</translation>
    </message>
    <message>
        <source>metadata_kv_count is %1, but %2 bytes can hold at most %3 pairs</source>
        <translation>metadata_kv_count 为 %1，但 %2 字节最多只能容纳 %3 个键值对</translation>
    </message>
    <message>
        <source>tensor_count is %1, but %2 bytes can hold at most %3 tensor infos</source>
        <translation>tensor_count 为 %1，但 %2 字节最多只能容纳 %3 个张量信息</translation>
    </message>
    <message>
        <source>the key of metadata pair %1</source>
        <translation>第 %1 个元数据键值对的键</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; appears twice</source>
        <translation>键“%1”出现了两次</translation>
    </message>
    <message>
        <source>general.alignment must be a uint32 power of two, got %1</source>
        <translation>general.alignment 必须是 2 的幂的 uint32，实际为 %1</translation>
    </message>
    <message>
        <source>tensor info %1</source>
        <translation>第 %1 个张量信息</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has %2 dimensions (at most 4)</source>
        <translation>张量“%1”有 %2 个维度（最多 4 个）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has ggml type %2; RoPE factors are read as F32 (type 0) only</source>
        <translation>张量“%1”的 ggml 类型为 %2；RoPE 因子只按 F32（类型 0）读取</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; must be one-dimensional with 1 to 65536 entries</source>
        <translation>张量“%1”必须是一维的，含 1 到 65536 个元素</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; (%2 floats at data offset %3) lies beyond the end of the file (%4 bytes)</source>
        <translation>张量“%1”（%2 个浮点数，数据偏移 %3）超出了文件末尾（%4 字节）</translation>
    </message>
    <message>
        <source>%1 is empty</source>
        <translation>%1 是空文件</translation>
    </message>
    <message>
        <source>cannot map %1: %2</source>
        <translation>无法映射 %1：%2</translation>
    </message>
    <message>
        <source>general.architecture is missing, so the {arch}.* keys cannot be found</source>
        <translation>缺少 general.architecture，因此找不到 {arch}.* 键</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>per-layer values differ (%1 and %2); one value per model is supported for this key</source>
        <translation>各层的值不同（%1 与 %2）；此键只支持整个模型一个值</translation>
    </message>
    <message>
        <source>expected a number or an array of numbers</source>
        <translation>应为数字或数字数组</translation>
    </message>
    <message>
        <source>the sliding-window layers&apos; base %1 is shown for Gemma 3 only; all layers use rope.freq_base here</source>
        <translation>滑动窗口层的底数 %1 只对 Gemma 3 显示；此处所有层都使用 rope.freq_base</translation>
    </message>
    <message>
        <source>expected a number or an array of bools</source>
        <translation>应为数字或布尔数组</translation>
    </message>
    <message>
        <source>%1 (whether the model was trained with this scaling; it does not change the frequencies)</source>
        <translation>%1（表示模型是否用此缩放训练过；不改变频率）</translation>
    </message>
    <message>
        <source>%1 = 0.1 · mscale_all_dim; mscale is not stored in GGUF and is taken equal to mscale_all_dim = %2</source>
        <translation>%1 = 0.1 · mscale_all_dim；GGUF 不存储 mscale，取其等于 mscale_all_dim = %2</translation>
    </message>
    <message>
        <source>longrope needs the tensors rope_factors_long and rope_factors_short, which the file lacks</source>
        <translation>longrope 需要张量 rope_factors_long 和 rope_factors_short，但文件中没有</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a scaling type llama.cpp writes (none, linear, yarn, longrope)</source>
        <translation>“%1”不是 llama.cpp 会写入的缩放类型（none、linear、yarn、longrope）</translation>
    </message>
    <message>
        <source>%1 has no config.json counterpart (transformers always mixes with weight 1); not shown</source>
        <translation>%1 在 config.json 中没有对应字段（transformers 总是以权重 1 混合）；不显示</translation>
    </message>
    <message>
        <source>%1 multiplies llama.cpp&apos;s attention factor and has no config.json counterpart; not shown</source>
        <translation>%1 会乘到 llama.cpp 的注意力因子上，在 config.json 中没有对应字段；不显示</translation>
    </message>
    <message>
        <source>has %1 entries but the rotated dimension is %2 (%3 pairs)</source>
        <translation>有 %1 项，但旋转维度为 %2（%3 对）</translation>
    </message>
    <message>
        <source>entries must be finite and positive, got %1</source>
        <translation>各项必须是有限正数，实际为 %1</translation>
    </message>
    <message>
        <source>every factor is 1: no scaling</source>
        <translation>所有因子都是 1：没有缩放</translation>
    </message>
    <message>
        <source>the %1 per-pair factors are Llama 3 scaling with factor %2, low_freq_factor %3, high_freq_factor %4, original_max_position_embeddings %5 (recovered from the factors%6)</source>
        <translation>这 %1 个逐对因子就是 Llama 3 缩放：factor %2、low_freq_factor %3、high_freq_factor %4、original_max_position_embeddings %5（由因子反推得到%6）</translation>
    </message>
    <message>
        <source>; low_freq_factor 1 assumed, as Meta&apos;s</source>
        <translation>；假定 low_freq_factor 为 1，与 Meta 的一致</translation>
    </message>
    <message>
        <source>the per-pair factors match no Llama 3 scaling; shown as they are (LongRoPE lists θ_i / e_i, attention factor 1)</source>
        <translation>这些逐对因子不符合任何 Llama 3 缩放；按原样显示（LongRoPE 列表 θ_i / e_i，注意力因子 1）</translation>
    </message>
    <message>
        <source>expected an array of 3 or 4 integers</source>
        <translation>应为包含 3 或 4 个整数的数组</translation>
    </message>
    <message>
        <source>section %1 = %2 (a fourth axis) has no transformers counterpart; not shown</source>
        <translation>第 %1 段 = %2（第四个轴）在 transformers 中没有对应；不显示</translation>
    </message>
    <message>
        <source>not translated (no RoPE field of the explorer reads it)</source>
        <translation>未转换（本程序没有读取它的 RoPE 字段）</translation>
    </message>
    <message>
        <source>tensor not used by the scaling type of this file; ignored</source>
        <translation>此文件的缩放类型不使用该张量；已忽略</translation>
    </message>
    <message>
        <source>[%1, %2, %3] sums to %4 rotary pairs, but the head has %5 (rotary dimension %6 / 2)</source>
        <translation>[%1, %2, %3] 合计 %4 个旋转对，但注意力头只有 %5 个（旋转维度 %6 / 2）</translation>
    </message>
    <message>
        <source>must be &gt; 0 with a head dimension &gt; 2, got %1</source>
        <translation>必须 &gt; 0 且头维度 &gt; 2，实际为 %1</translation>
    </message>
    <message>
        <source>must be in (0, 1e6], got %1</source>
        <translation>必须在 (0, 1e6] 内，实际为 %1</translation>
    </message>
    <message>
        <source>must be at least 1, got %1</source>
        <translation>必须至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>item %1: expected 0 (linear) or 1 (softmax), got %2</source>
        <translation>第 %1 项：应为 0（线性）或 1（softmax），实际为 %2</translation>
    </message>
    <message>
        <source>cannot write the cache file %1: %2</source>
        <translation>无法写入缓存文件 %1：%2</translation>
    </message>
    <message>
        <source>cannot write the cache file %1: no cache folder on this system</source>
        <translation>无法写入缓存文件 %1：本系统没有缓存文件夹</translation>
    </message>
    <message>
        <source>the key is not a plain file name (letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;, at most 100)</source>
        <translation>键不是普通文件名（只能包含字母、数字、“.”、“-”、“_”，最多 100 个字符）</translation>
    </message>
    <message>
        <source>%1 bytes exceed the cache&apos;s bound of %2 bytes</source>
        <translation>%1 字节超过了缓存的上限 %2 字节</translation>
    </message>
    <message>
        <source>the folder %1 cannot be created</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: expected an object, got %2</source>
        <translation>张量 &apos;%1&apos;：应为对象，实际为 %2</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: unknown field &apos;%2&apos; (a tensor has dtype, shape and data_offsets)</source>
        <translation>张量 &apos;%1&apos;：未知字段 &apos;%2&apos;（张量只有 dtype、shape 和 data_offsets）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: dtype must be a string, got %2</source>
        <translation>张量 &apos;%1&apos;：dtype 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: unknown dtype &quot;%2&quot; (known: BOOL, U8, I8, F8_E5M2, F8_E4M3, F8_E8M0, I16, U16, F16, BF16, I32, U32, F32, I64, U64, F64, C64)</source>
        <translation>张量 &apos;%1&apos;：未知 dtype &quot;%2&quot;（已知：BOOL、U8、I8、F8_E5M2、F8_E4M3、F8_E8M0、I16、U16、F16、BF16、I32、U32、F32、I64、U64、F64、C64）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: shape must be an array, got %2</source>
        <translation>张量 &apos;%1&apos;：shape 必须是数组，实际为 %2</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: shape has %2 dimensions (at most 64)</source>
        <translation>张量 &apos;%1&apos;：shape 有 %2 个维度（最多 64 个）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: shape[%2] must be a non-negative integer, got %3</source>
        <translation>张量 &apos;%1&apos;：shape[%2] 必须是非负整数，实际为 %3</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: data_offsets must be two non-negative integers [begin, end], got %2</source>
        <translation>张量 &apos;%1&apos;：data_offsets 必须是两个非负整数 [begin, end]，实际为 %2</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: data_offsets [%2, %3] end before they begin</source>
        <translation>张量 &apos;%1&apos;：data_offsets [%2, %3] 的结束位置在开始位置之前</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: data_offsets [%2, %3] lie beyond the data buffer (%4 bytes)</source>
        <translation>张量 &apos;%1&apos;：data_offsets [%2, %3] 超出了数据区（%4 字节）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: shape [%2] of %3 (%4 bytes each) does not fill its byte range [%5, %6] (%7 bytes)</source>
        <translation>张量 &apos;%1&apos;：%3 类型（每个 %4 字节）的 shape [%2] 与其字节范围 [%5, %6]（%7 字节）不符</translation>
    </message>
    <message>
        <source>the file has %1 bytes; a safetensors file starts with an 8-byte header length</source>
        <translation>文件只有 %1 字节；safetensors 文件以 8 字节的头部长度开始</translation>
    </message>
    <message>
        <source>header length %1 exceeds the limit of %2 bytes</source>
        <translation>头部长度 %1 超过了 %2 字节的上限</translation>
    </message>
    <message>
        <source>header length %1 goes beyond the end of the file (%2 bytes after the length)</source>
        <translation>头部长度 %1 超出了文件末尾（长度字段之后只有 %2 字节）</translation>
    </message>
    <message>
        <source>the JSON header is malformed at byte %1 of the header: %2</source>
        <translation>JSON 头部在头部第 %1 字节处格式错误：%2</translation>
    </message>
    <message>
        <source>the JSON header must be an object</source>
        <translation>JSON 头部必须是一个对象</translation>
    </message>
    <message>
        <source>__metadata__ must be an object of strings, got %1</source>
        <translation>__metadata__ 必须是字符串组成的对象，实际为 %1</translation>
    </message>
    <message>
        <source>__metadata__.%1 must be a string, got %2</source>
        <translation>__metadata__.%1 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; (bytes [%2, %3]) overlaps tensor &apos;%4&apos; (bytes [%5, %6])</source>
        <translation>张量 &apos;%1&apos;（字节 [%2, %3]）与张量 &apos;%4&apos;（字节 [%5, %6]）重叠</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; starts at byte %2 of the data buffer, leaving a gap after byte %3 (the format allows no holes)</source>
        <translation>张量 &apos;%1&apos; 从数据区第 %2 字节开始，在第 %3 字节之后留下空隙（该格式不允许空洞）</translation>
    </message>
    <message>
        <source>the tensors cover %1 bytes of data, but the file holds %2 after the header</source>
        <translation>张量覆盖了 %1 字节的数据，但文件在头部之后有 %2 字节</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1：文件为空</translation>
    </message>
    <message>
        <source>%1: cannot map the file: %2</source>
        <translation>%1：无法映射文件：%2</translation>
    </message>
    <message>
        <source>%1: cannot read the file: %2</source>
        <translation>%1：无法读取文件：%2</translation>
    </message>
    <message>
        <source>%1kv_lora_rank: multi-head latent attention (DeepSeek) keeps RoPE in a separate part of each head (q_b_proj, kv_a_proj_with_mqa); the probe reads q_proj/k_proj or qkv_proj only</source>
        <translation>%1kv_lora_rank：多头潜在注意力（DeepSeek）把旋转位置编码放在每个头单独的一部分（q_b_proj、kv_a_proj_with_mqa）；本探测只读取 q_proj/k_proj 或 qkv_proj</translation>
    </message>
    <message>
        <source>%1%2: expected an integer from 1 to 65536</source>
        <translation>%1%2：应为 1 到 65536 的整数</translation>
    </message>
    <message>
        <source>%1num_attention_heads: missing</source>
        <translation>%1num_attention_heads：缺失</translation>
    </message>
    <message>
        <source>%1num_key_value_heads: missing; using num_attention_heads (%2)</source>
        <translation>%1num_key_value_heads：缺失；使用 num_attention_heads（%2）</translation>
    </message>
    <message>
        <source>%1num_attention_heads (%2) is not a multiple of num_key_value_heads (%3)</source>
        <translation>%1num_attention_heads（%2）不是 num_key_value_heads（%3）的倍数</translation>
    </message>
    <message>
        <source>%1: weight_map must be an object (tensor name → file name)</source>
        <translation>%1：weight_map 必须是对象（张量名 → 文件名）</translation>
    </message>
    <message>
        <source>%1: weight_map.%2 must be the name of a file in the model folder, got %3</source>
        <translation>%1：weight_map.%2 必须是模型文件夹中的文件名，实际为 %3</translation>
    </message>
    <message>
        <source>%1: neither model.safetensors nor model.safetensors.index.json found</source>
        <translation>%1：找不到 model.safetensors，也找不到 model.safetensors.index.json</translation>
    </message>
    <message>
        <source>%1: rotary dimension %2 does not fit head_dim %3</source>
        <translation>%1：旋转维度 %2 与 head_dim %3 不符</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; is listed in model.safetensors.index.json but not in the file</source>
        <translation>%1：张量 &apos;%2&apos; 列在 model.safetensors.index.json 中，但文件里没有</translation>
    </message>
    <message>
        <source>%1: no query projection has the %2 rows that num_attention_heads (%3) × head_dim (%4) give; &apos;%5&apos; has shape [%6]</source>
        <translation>%1：没有查询投影具有 num_attention_heads（%3）× head_dim（%4）给出的 %2 行；&apos;%5&apos; 的形状为 [%6]</translation>
    </message>
    <message>
        <source>num_hidden_layers: missing; %1 layers found in the weights</source>
        <translation>num_hidden_layers：缺失；在权重中找到 %1 层</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; belongs to layer %3, but num_hidden_layers is %4</source>
        <translation>%1：张量 &apos;%2&apos; 属于第 %3 层，但 num_hidden_layers 为 %4</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has dtype %2; the probe reads F32, F16 and BF16</source>
        <translation>张量 &apos;%1&apos; 的 dtype 为 %2；本探测只读取 F32、F16 和 BF16</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has shape [%2]; the config implies [%3, hidden size] (heads %4, key/value heads %5, head_dim %6)</source>
        <translation>张量 &apos;%1&apos; 的形状为 [%2]；按配置应为 [%3, 隐藏维度]（头数 %4，键/值头数 %5，head_dim %6）</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; not found (layer %3 of %4)</source>
        <translation>%1：找不到张量 &apos;%2&apos;（第 %3 层，共 %4 层）</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1: %2: expected a positive integer</source>
        <translation>%1：%2：应为正整数</translation>
    </message>
    <message>
        <source>%1: %2: missing</source>
        <translation>%1：%2：缺失</translation>
    </message>
    <message>
        <source>n_kv_heads: missing; using n_heads (%1)</source>
        <translation>n_kv_heads：缺失；改用 n_heads（%1）</translation>
    </message>
    <message>
        <source>%1: head_dim: missing, and dim (%2) is not a multiple of n_heads (%3)</source>
        <translation>%1：head_dim：缺失，且 dim（%2）不是 n_heads（%3）的倍数</translation>
    </message>
    <message>
        <source>head_dim: missing; using dim / n_heads = %1</source>
        <translation>head_dim：缺失；改用 dim / n_heads = %1</translation>
    </message>
    <message>
        <source>%1: head_dim: %2 is odd; RoPE rotates pairs</source>
        <translation>%1：head_dim：%2 是奇数；旋转位置编码按维度对旋转</translation>
    </message>
    <message>
        <source>rope_theta: missing; using 1000000, mistral-inference&apos;s default (transformers&apos; converter assumes 10000)</source>
        <translation>rope_theta：缺失；采用 mistral-inference 的默认值 1000000（transformers 的转换脚本假定为 10000）</translation>
    </message>
    <message>
        <source>%1: rope_theta: expected a number greater than 1</source>
        <translation>%1：rope_theta：应为大于 1 的数</translation>
    </message>
    <message>
        <source>%1: not applied; the wavelengths shown are those of rope_theta, the ladder the weights were trained with</source>
        <translation>%1：未应用；图中的波长来自 rope_theta，即权重训练时所用的频率阶梯</translation>
    </message>
    <message>
        <source>%1: n_heads (%2) is not a multiple of n_kv_heads (%3)</source>
        <translation>%1：n_heads（%2）不是 n_kv_heads（%3）的倍数</translation>
    </message>
    <message>
        <source>%1: no config.json (nor Mistral&apos;s params.json with consolidated.safetensors)</source>
        <translation>%1：没有 config.json（也没有 Mistral 格式的 params.json 与 consolidated.safetensors）</translation>
    </message>
    <message>
        <source>wq/wk: Meta&apos;s tensor names; reading the pairs as (2i, 2i + 1), the reference code&apos;s order</source>
        <translation>wq/wk：Meta 的张量命名；按参考实现的顺序把 (2i, 2i + 1) 读作一对</translation>
    </message>
    <message>
        <source>%1multi_query: missing; using true, FalconConfig&apos;s default</source>
        <translation>%1multi_query：缺失；采用 FalconConfig 的默认值 true</translation>
    </message>
    <message>
        <source>%1: no tensor named &lt;prefix&gt;layers.&lt;i&gt;.self_attn.q_proj.weight, k_proj.weight or qkv_proj.weight, &lt;prefix&gt;layers.&lt;i&gt;.attention.query_key_value.weight (GPT-NeoX), &lt;prefix&gt;h.&lt;i&gt;.self_attention.query_key_value.weight (Falcon) or &lt;prefix&gt;layers.&lt;i&gt;.attention.wq.weight, wk.weight (Mistral) (the first tensors are: %2)</source>
        <translation>%1：找不到名为 &lt;prefix&gt;layers.&lt;i&gt;.self_attn.q_proj.weight、k_proj.weight 或 qkv_proj.weight，&lt;prefix&gt;layers.&lt;i&gt;.attention.query_key_value.weight（GPT-NeoX），&lt;prefix&gt;h.&lt;i&gt;.self_attention.query_key_value.weight（Falcon），或 &lt;prefix&gt;layers.&lt;i&gt;.attention.wq.weight、wk.weight（Mistral）的张量（前几个张量是：%2）</translation>
    </message>
    <message>
        <source>%1: a query_key_value laid out per head as [q, k, v] (GPT-NeoX, Falcon without multi_query) holds one key head per query head, but the config gives %2 query heads and %3 key/value heads</source>
        <translation>%1：按头排列为 [q, k, v] 的 query_key_value（GPT-NeoX，或未启用 multi_query 的 Falcon）每个查询头对应一个键头，但配置给出 %2 个查询头和 %3 个键/值头</translation>
    </message>
    <message>
        <source>%1: malformed JSON at %2</source>
        <translation>%1：JSON 格式错误，位于 %2</translation>
    </message>
    <message>
        <source>%1: expected a JSON object</source>
        <translation>%1：应为 JSON 对象</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not in the explorer&apos;s table of model families (known: %2); reading it with rotate-half pairs and no per-architecture defaults</source>
        <translation>“%1”不在浏览器的模型家族表中（已知：%2）；按 rotate-half 配对读取，不使用任何按架构的默认值</translation>
    </message>
    <message>
        <source>per-layer values %1; the key/value head count does not change the rotation and is not shown</source>
        <translation>逐层取值 %1；键/值头数不影响旋转，不予显示</translation>
    </message>
    <message>
        <source>missing or not positive; %1 keeps one head size per layer type</source>
        <translation>缺失或不为正；%1 对每种层类型保持一个头维度</translation>
    </message>
    <message>
        <source>missing; using 10000, llama.cpp&apos;s default</source>
        <translation>缺失；使用 llama.cpp 的默认值 10000</translation>
    </message>
    <message>
        <source>has %1 entries but %2 = %3 (%4 pairs)</source>
        <translation>有 %1 个条目，但 %2 = %3（%4 对）</translation>
    </message>
    <message>
        <source>entry %1 is %2: expected 1 (a rotated pair) or about 1e30 (a pair that does not rotate) after the first %3 ones</source>
        <translation>第 %1 个条目是 %2：在前 %3 个 1 之后，应为 1（旋转的对）或约 1e30（不旋转的对）</translation>
    </message>
    <message>
        <source>%1 pairs rotate and %2 are divided by 1e30: proportional RoPE with partial_rotary_factor %3 on the full-attention layers</source>
        <translation>%1 对旋转，%2 对被除以 1e30：全注意力层上是 partial_rotary_factor 为 %3 的比例旋转位置编码</translation>
    </message>
    <message>
        <source>%1 must be a whole number below %2 = %3</source>
        <translation>%1 必须是小于 %2 = %3 的整数</translation>
    </message>
    <message>
        <source>%1 multi-token-prediction block(s) follow the %2 main layers in %3 = %4; llama.cpp&apos;s graph runs only the main layers, and so does the explorer</source>
        <translation>%3 = %4 中，%2 个主层之后还有 %1 个多词元预测块；llama.cpp 的计算图只运行主层，浏览器也是如此</translation>
    </message>
    <message>
        <source>%1: llama.cpp&apos;s %2 loader turns sliding-window attention off (&quot;Phi SWA is currently disabled&quot;): every layer is read as full attention</source>
        <translation>%1：llama.cpp 的 %2 加载器关闭了滑动窗口注意力（“Phi SWA is currently disabled”）：每一层都按全注意力读取</translation>
    </message>
    <message>
        <source>%1, but llama.cpp&apos;s %2 loader uses %3 whatever the file says; layers are read as llama.cpp runs them</source>
        <translation>%1，但无论文件写什么，llama.cpp 的 %2 加载器都使用 %3；各层按 llama.cpp 的实际运行方式读取</translation>
    </message>
    <message>
        <source>missing; llama.cpp&apos;s %1 loader makes every %2th layer attention (with RoPE), the others linear attention (no RoPE)</source>
        <translation>缺失；llama.cpp 的 %1 加载器让每第 %2 层为注意力层（带旋转位置编码），其余为线性注意力（无旋转位置编码）</translation>
    </message>
    <message>
        <source>%1: llama.cpp&apos;s %2 loader uses sliding attention only for %3 layers, not %4: every layer is read as full attention</source>
        <translation>%1：llama.cpp 的 %2 加载器只在 %3 层时使用滑动注意力，而不是 %4 层：每一层都按全注意力读取</translation>
    </message>
    <message>
        <source>missing; llama.cpp&apos;s %1 loader requires it</source>
        <translation>缺失；llama.cpp 的 %1 加载器要求提供它</translation>
    </message>
    <message>
        <source>missing; using %1, llama.cpp&apos;s %2 default</source>
        <translation>缺失；使用 llama.cpp 的 %2 默认值 %1</translation>
    </message>
    <message>
        <source>missing; llama.cpp&apos;s %1 loader uses period %2: layers %3 are full attention, the other %4 %5 with window %6%7</source>
        <translation>缺失；llama.cpp 的 %1 加载器使用周期 %2：第 %3 层为全注意力，其余 %4 层为%5注意力，窗口 %6%7</translation>
    </message>
    <message>
        <source>; only the sliding layers rotate</source>
        <translation>；只有滑动窗口层旋转</translation>
    </message>
    <message>
        <source>%1 multiplies llama.cpp&apos;s YaRN magnitude 0.1·ln(%2) + 1: attention factor %3</source>
        <translation>%1 乘以 llama.cpp 的 YaRN 幅度 0.1·ln(%2) + 1：注意力因子 %3</translation>
    </message>
    <message>
        <source>missing, but the file has the other LongRoPE factor tensor</source>
        <translation>缺失，但文件中有另一个 LongRoPE 因子张量</translation>
    </message>
    <message>
        <source>%1; the file carries rope_factors_long and rope_factors_short, which llama.cpp applies whatever the type (the long factors beyond original_context_length %2): read as LongRoPE with attention factor %3%4</source>
        <translation>%1；文件带有 rope_factors_long 和 rope_factors_short，无论类型如何 llama.cpp 都会应用它们（超过 original_context_length %2 时用长因子）：按注意力因子为 %3 的 LongRoPE 读取%4</translation>
    </message>
    <message>
        <source>&apos;none&apos;</source>
        <translation>“none”</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source> (rope.scaling.attn_factor is missing; llama.cpp uses 1)</source>
        <translation>（缺少 rope.scaling.attn_factor；llama.cpp 使用 1）</translation>
    </message>
    <message>
        <source>chunked</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>sliding</source>
        <translation>滑动</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has dimension %2 = %3, above 2^63 - 1 (ggml stores dimensions as int64)</source>
        <translation>张量“%1”的维度 %2 = %3，超过 2^63 − 1（ggml 用 int64 存储维度）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; with shape %2 has too many elements: the count overflows ggml&apos;s int64 (llama.cpp refuses it)</source>
        <translation>形状为 %2 的张量“%1”元素过多：个数超出 ggml 的 int64（llama.cpp 会拒绝它）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has ggml type %2, which ggml does not define (types 0 to %3 without the retired 4, 5, 31 to 33 and 36 to 38)</source>
        <translation>张量“%1”的 ggml 类型为 %2，ggml 没有定义这种类型（类型 0 到 %3，不含已废弃的 4、5、31 到 33 和 36 到 38）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; of ggml type %2 has %3 elements per row, not a multiple of the type&apos;s block size %4</source>
        <translation>ggml 类型为 %2 的张量“%1”每行有 %3 个元素，不是该类型块大小 %4 的倍数</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; with shape %2 and ggml type %3 takes more than 2^64 - 1 bytes</source>
        <translation>形状为 %2、ggml 类型为 %3 的张量“%1”超过 2^64 − 1 字节</translation>
    </message>
    <message>
        <source>the key of metadata pair %1 is empty</source>
        <translation>第 %1 个元数据键值对的键为空</translation>
    </message>
    <message>
        <source>duplicate tensor name &apos;%1&apos; (tensor infos %2 and %3)</source>
        <translation>重复的张量名“%1”（张量信息 %2 与 %3）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has data offset %2, not a multiple of the alignment %3</source>
        <translation>张量“%1”的数据偏移为 %2，不是对齐值 %3 的倍数</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; (%2 bytes at data offset %3; the data section starts at byte %4) lies beyond the end of the file (%5 bytes): the file is truncated or corrupt</source>
        <translation>张量“%1”（数据偏移 %3 处的 %2 字节；数据段从第 %4 字节开始）超出了文件末尾（%5 字节）：文件被截断或已损坏</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; entry %2 is %3, not a finite number</source>
        <translation>张量“%1”的第 %2 个条目是 %3，不是有限数</translation>
    </message>
    <message>
        <source>%1 is not a finite number</source>
        <translation>%1 不是有限数</translation>
    </message>
    <message>
        <source>must be a whole number from 1 to 1048576, got %1</source>
        <translation>必须是 1 到 1048576 之间的整数，实际为 %1</translation>
    </message>
    <message>
        <source>the head dimension %1 is above 1048576</source>
        <translation>头维度 %1 超过 1048576</translation>
    </message>
    <message>
        <source>unknown llama.cpp flag &apos;%1&apos; (llama.cpp refuses it: &quot;error: invalid argument: %1&quot;; flags as of %2)</source>
        <translation>未知的 llama.cpp 参数“%1”（llama.cpp 会拒绝它：“error: invalid argument: %1”；参数表截至 %2）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a llama.cpp flag; llama.cpp takes no positional arguments (&quot;error: invalid argument: %1&quot;), so a value must follow its flag</source>
        <translation>“%1”不是 llama.cpp 的参数；llama.cpp 不接受位置参数（“error: invalid argument: %1”），所以取值必须紧跟在它的参数之后</translation>
    </message>
    <message>
        <source>llama.cpp flag &apos;%1&apos; expects %2 value(s) after it (&quot;expected value for argument&quot;)</source>
        <translation>llama.cpp 参数“%1”之后需要 %2 个取值（“expected value for argument”）</translation>
    </message>
    <message>
        <source>llama.cpp layer pattern: set_swa_pattern(%1) (il mod %1 &lt; %2 slides), window %3</source>
        <translation>llama.cpp 的层模式：set_swa_pattern(%1)（il mod %1 &lt; %2 的层为滑动窗口），窗口 %3</translation>
    </message>
    <message>
        <source>llama.cpp turns sliding-window attention off for %1 (all layers full)</source>
        <translation>llama.cpp 对 %1 关闭了滑动窗口注意力（所有层均为全注意力）</translation>
    </message>
    <message>
        <source>--context must be in [1, %1], got %2</source>
        <translation>--context 必须在 [1, %1] 内，得到 %2</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; is not in the model-family table, so what llama.cpp computes for it is unknown</source>
        <translation>model_type &apos;%1&apos; 不在模型家族表中，因此不知道 llama.cpp 对它如何计算</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; (family %2) has no llama.cpp architecture with RoPE at the commit read</source>
        <translation>model_type &apos;%1&apos;（家族 %2）在所读的提交中没有带 RoPE 的 llama.cpp 架构</translation>
    </message>
    <message>
        <source>the model lists no decoder layers</source>
        <translation>模型没有列出任何解码器层</translation>
    </message>
    <message>
        <source>dynamic NTK: llama.cpp has no length-dependent base, so there is no llama.cpp side to compare</source>
        <translation>动态 NTK：llama.cpp 没有随长度变化的基数，因此没有可比较的 llama.cpp 一侧</translation>
    </message>
    <message>
        <source>&apos;ntk&apos; is the explorer&apos;s own method; neither engine computes it from a model file</source>
        <translation>&apos;ntk&apos; 是本探索器自己的方法；两个引擎都不会从模型文件计算它</translation>
    </message>
    <message>
        <source>read from a GGUF: transformers&apos; side is the config the file records (its layer pattern is llama.cpp&apos;s reading)</source>
        <translation>读自 GGUF：transformers 一侧是文件所记录的配置（其层模式是 llama.cpp 的读法）</translation>
    </message>
    <message>
        <source>layers %1: transformers %2, llama.cpp %3</source>
        <translation>第 %1 层：transformers %2，llama.cpp %3</translation>
    </message>
    <message>
        <source>rotates</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>does not rotate</source>
        <translation>不旋转</translation>
    </message>
    <message>
        <source>layers %1: window transformers %2, llama.cpp %3 (0 = full attention within the context)</source>
        <translation>第 %1 层：窗口 transformers %2，llama.cpp %3（0 = 在上下文内为全注意力）</translation>
    </message>
    <message>
        <source>--context %1 makes the distance scan too large for this model (more than %2 cosines); give a smaller --context</source>
        <translation>--context %1 使该模型的距离扫描过大（超过 %2 次余弦）；请给出更小的 --context</translation>
    </message>
    <message>
        <source>attention factor differs by up to %1</source>
        <translation>注意力因子最多相差 %1</translation>
    </message>
    <message>
        <source>yarn truncate: false — transformers keeps the correction range unrounded; ggml (ggml_rope_yarn_corr_dims) floors its start and ceils its end</source>
        <translation>yarn truncate: false —— transformers 保持校正范围不取整；ggml（ggml_rope_yarn_corr_dims）将其起点向下取整、终点向上取整</translation>
    </message>
    <message>
        <source>truncate: none — no llama.cpp flag or GGUF key turns the rounding of the YaRN correction range off</source>
        <translation>truncate：无 —— 没有任何 llama.cpp 参数或 GGUF 键能关闭 YaRN 校正范围的取整</translation>
    </message>
    <message>
        <source>longrope: transformers picks short_factor for sequences of at most %1 tokens and long_factor beyond, per forward pass; llama.cpp picks once from the context size (long iff --ctx-size &gt; %1), here long for every prompt</source>
        <translation>longrope：transformers 在每次前向计算时，对不超过 %1 个 token 的序列选用 short_factor，更长的选用 long_factor；llama.cpp 根据上下文大小只选一次（当且仅当 --ctx-size &gt; %1 时用 long），此处对每个提示都用 long</translation>
    </message>
    <message>
        <source>longrope: -c/--ctx-size %1 or less gives transformers&apos; short factors; no setting follows transformers&apos; switch at %1 tokens within one context</source>
        <translation>longrope：-c/--ctx-size 不超过 %1 时得到 transformers 的 short 因子；没有任何设置能在同一上下文内跟随 transformers 在 %1 个 token 处的切换</translation>
    </message>
    <message>
        <source>sliding layers: --rope-freq-base and --rope-freq-scale never reach them (llama_model::get_rope_freq_base/scale return hparams.rope_freq_base_train_swa, GGUF key {arch}.rope.freq_base_swa, and rope_freq_scale_train_swa for SWA layers); change that key instead</source>
        <translation>滑动窗口层：--rope-freq-base 和 --rope-freq-scale 永远作用不到它们（对 SWA 层，llama_model::get_rope_freq_base/scale 返回 hparams.rope_freq_base_train_swa，即 GGUF 键 {arch}.rope.freq_base_swa，以及 rope_freq_scale_train_swa）；请改为修改该键</translation>
    </message>
    <message>
        <source>an explicit YaRN attention_factor is compared as both engines reading it; --yarn-attn-factor is overwritten when YaRN is on in llama.cpp after PR 17945</source>
        <translation>显式的 YaRN attention_factor 按两个引擎都读取它来比较；在 PR 17945 之后的 llama.cpp 中，启用 YaRN 时 --yarn-attn-factor 会被覆盖</translation>
    </message>
    <message>
        <source>MiniMax-M2: transformers rotates rotary_dim = %1 of the head&apos;s %2 channels (partial_rotary_factor = rotary_dim / head_dim), as the model&apos;s own remote code does; no gap</source>
        <translation>MiniMax-M2：transformers 旋转每个头 %2 个通道中的 rotary_dim = %1 个（partial_rotary_factor = rotary_dim / head_dim），与模型自带的远程代码一致；没有差异</translation>
    </message>
    <message>
        <source>no difference: both engines compute the same θ, magnitude, rotating layers and windows</source>
        <translation>没有差异：两个引擎计算出相同的 θ、幅度、旋转层和窗口</translation>
    </message>
    <message>
        <source>−1 (mixing on for the yarn type)</source>
        <translation>−1（yarn 类型时开启混合）</translation>
    </message>
    <message>
        <source>%1 is read by llama.cpp&apos;s loader but overwritten when YaRN is on (llama-context.cpp since PR 17945); not shown</source>
        <translation>%1 由 llama.cpp 的加载器读取，但启用 YaRN 时会被覆盖（llama-context.cpp，自 PR 17945 起）；不显示</translation>
    </message>
    <message>
        <source>%1 is ignored: llama.cpp&apos;s %2 loader does not read this key (load_hparams reads the YaRN keys only for grok) and runs with %3</source>
        <translation>%1 被忽略：llama.cpp 的 %2 加载器不读取此键（load_hparams 只对 grok 读取 YaRN 键），而是使用 %3</translation>
    </message>
    <message>
        <source>must be a whole number from 1 to 4294967295 (a uint32), got %1</source>
        <translation>必须是 1 到 4294967295 之间的整数（uint32），得到 %1</translation>
    </message>
    <message>
        <source>partial_rotary_factor: no flag; the GGUF key rope.dimension_count = %1 carries it</source>
        <translation>partial_rotary_factor：没有对应的命令行参数；由 GGUF 键 rope.dimension_count = %1 携带</translation>
    </message>
    <message>
        <source>beta_fast = %1, beta_slow = %2: llama.cpp&apos;s %3 loader does not read rope.scaling.yarn_beta_fast/yarn_beta_slow (it runs with 32/1); only the flags --yarn-beta-fast %1 --yarn-beta-slow %2 carry them</source>
        <translation>beta_fast = %1、beta_slow = %2：llama.cpp 的 %3 加载器不读取 rope.scaling.yarn_beta_fast/yarn_beta_slow（按 32/1 运行）；只有参数 --yarn-beta-fast %1 --yarn-beta-slow %2 能携带它们</translation>
    </message>
    <message>
        <source>attention_factor = %1: --yarn-attn-factor is overwritten whenever YaRN is on (llama-context.cpp since PR 17945); the GGUF key rope.scaling.attn_factor = %1 / (0.1 ln %2 + 1) = %3 carries it</source>
        <translation>attention_factor = %1：只要启用 YaRN，--yarn-attn-factor 就会被覆盖（llama-context.cpp，自 PR 17945 起）；由 GGUF 键 rope.scaling.attn_factor = %1 / (0.1 ln %2 + 1) = %3 携带</translation>
    </message>
    <message>
        <source>mscale = %1, mscale_all_dim = %2: no flag; llama.cpp&apos;s deepseek2 reads 0.1·mscale_all_dim from rope.scaling.yarn_log_multiplier and has no separate mscale (the cos/sin factor and the softmax multiplier differ)</source>
        <translation>mscale = %1、mscale_all_dim = %2：没有对应的命令行参数；llama.cpp 的 deepseek2 从 rope.scaling.yarn_log_multiplier 读取 0.1·mscale_all_dim，没有单独的 mscale（cos/sin 因子与 softmax 乘数不同）</translation>
    </message>
    <message>
        <source>truncate = false: llama.cpp always floors/ceils the YaRN correction range</source>
        <translation>truncate = false：llama.cpp 总是对 YaRN 修正范围取下整/上整</translation>
    </message>
    <message>
        <source>llama3 (factor %1, low_freq_factor %2, high_freq_factor %3, original_max_position_embeddings %4): no flag; convert_hf_to_gguf writes the per-pair divisors as the rope_freqs tensor, which llama.cpp applies by itself</source>
        <translation>llama3（factor %1、low_freq_factor %2、high_freq_factor %3、original_max_position_embeddings %4）：没有对应的命令行参数；convert_hf_to_gguf 把每一对的除数写成 rope_freqs 张量，llama.cpp 自行应用</translation>
    </message>
    <message>
        <source>longrope short_factor/long_factor: no flag; the GGUF carries them as tensors rope_factors_short and rope_factors_long</source>
        <translation>longrope short_factor/long_factor：没有对应的命令行参数；GGUF 以张量 rope_factors_short 和 rope_factors_long 携带它们</translation>
    </message>
    <message>
        <source>dynamic NTK (factor %1): llama.cpp has no dynamic scaling; the base would change with the sequence length, which a fixed --rope-freq-base cannot follow</source>
        <translation>动态 NTK（factor %1）：llama.cpp 没有动态缩放；底数会随序列长度变化，固定的 --rope-freq-base 无法跟随</translation>
    </message>
    <message>
        <source>rope_type &apos;%1&apos;: no llama.cpp counterpart known here</source>
        <translation>rope_type“%1”：这里不知道 llama.cpp 中有对应的做法</translation>
    </message>
    <message>
        <source>per-layer base %1 (%2 layers): no flag; rope.freq_base_swa in the GGUF</source>
        <translation>逐层底数 %1（%2 层）：没有对应的命令行参数；在 GGUF 中为 rope.freq_base_swa</translation>
    </message>
    <message>
        <source>%1: the weights probe does not read family %2 (model_type %3): %4</source>
        <translation>%1：权重探针不读取 %2 家族（model_type %3）：%4</translation>
    </message>
    <message>
        <source>model_type &apos;%1&apos; has no row in the family table: its projections were found by their names alone</source>
        <translation>model_type“%1”在模型家族表中没有对应行：投影张量仅按名称查找</translation>
    </message>
    <message>
        <source>%1: family %2 names its projections like &apos;%3&apos;; no tensor has such a name (the first tensors are: %4)</source>
        <translation>%1：%2 家族的投影张量名形如“%3”，但没有张量叫这个名字（前几个张量是：%4）</translation>
    </message>
    <message>
        <source>q_proj holds each head&apos;s query followed by its output gate, and the linear-attention layers have no q_proj, a layout the probe does not read yet</source>
        <translation>q_proj 中每个头先存查询、再存输出门控，且线性注意力层没有 q_proj，探针暂不读取这种布局</translation>
    </message>
    <message>
        <source>multi-head latent attention has no per-head query and key projections to read</source>
        <translation>多头潜在注意力（MLA）没有逐头的查询和键投影可读</translation>
    </message>
    <message>
        <source>its projections are named h.&lt;i&gt;.attn.q_proj.weight and k_proj.weight, a naming the probe does not read yet</source>
        <translation>它的投影张量名为 h.&lt;i&gt;.attn.q_proj.weight 和 k_proj.weight，探针暂不读取这种命名</translation>
    </message>
    <message>
        <source>true: the model adds ALiBi biases to the attention scores instead of rotating; no layer has RoPE</source>
        <translation>true：模型在注意力分数上加 ALiBi 偏置而不做旋转；没有一层使用 RoPE</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>RoPE Explorer sessions (*.%1)</source>
        <translation>RoPE Explorer 会话 (*.%1)</translation>
    </message>
    <message>
        <source>PNG frames</source>
        <translation>PNG 帧序列</translation>
    </message>
</context>
<context>
    <name>ScalingMethods</name>
    <message>
        <source>None (original RoPE)</source>
        <translation>无（原始 RoPE）</translation>
    </message>
    <message>
        <source>θ_i = b^(-2i/d), unchanged.</source>
        <translation>θ_i = b^(-2i/d)，不变。</translation>
    </message>
    <message>
        <source>Linear (position interpolation)</source>
        <translation>线性（位置内插）</translation>
    </message>
    <message>
        <source>θ&apos;_i = θ_i / s: positions squeezed by s; attention 1.</source>
        <translation>θ&apos;_i = θ_i / s：位置被压缩 s 倍；注意力因子 1。</translation>
    </message>
    <message>
        <source>NTK-aware</source>
        <translation>NTK-aware</translation>
    </message>
    <message>
        <source>b&apos; = b·s^(d/(d-2)): fastest pair kept, slowest divided by s; attention 1.</source>
        <translation>b&apos; = b·s^(d/(d-2))：最快的一对保持不变，最慢的一对除以 s；注意力因子 1。</translation>
    </message>
    <message>
        <source>Dynamic NTK</source>
        <translation>Dynamic NTK</translation>
    </message>
    <message>
        <source>b&apos; = b·(s·L/L0 - (s-1))^(d/(d-2)), L = max(seq-len, L0); attention 1.</source>
        <translation>b&apos; = b·(s·L/L0 - (s-1))^(d/(d-2))，L = max(seq-len, L0)；注意力因子 1。</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>Pairs with &gt; beta-fast turns over L0 keep θ_i, &lt; beta-slow get θ_i/s, a linear ramp between; attention 0.1·ln s + 1.</source>
        <translation>在 L0 内转过多于 beta-fast 圈的维度对保持 θ_i，少于 beta-slow 圈的变为 θ_i/s，两者之间线性过渡；注意力因子 0.1·ln s + 1。</translation>
    </message>
    <message>
        <source>Llama 3.1</source>
        <translation>Llama 3.1</translation>
    </message>
    <message>
        <source>λ_i &gt; L0/low: θ_i/s; λ_i &lt; L0/high: θ_i; smooth blend between; attention 1.</source>
        <translation>λ_i &gt; L0/low：θ_i/s；λ_i &lt; L0/high：θ_i；两者之间平滑过渡；注意力因子 1。</translation>
    </message>
    <message>
        <source>LongRoPE (Phi-3)</source>
        <translation>LongRoPE（Phi-3）</translation>
    </message>
    <message>
        <source>θ&apos;_i = θ_i / e_i, e = long-factor if seq-len &gt; L0 else short-factor; attention √(1 + ln s / ln L0).</source>
        <translation>θ&apos;_i = θ_i / e_i，seq-len &gt; L0 时 e = long-factor，否则 e = short-factor；注意力因子 √(1 + ln s / ln L0)。</translation>
    </message>
    <message>
        <source>p-RoPE (proportional, Gemma 4)</source>
        <translation>p-RoPE（按比例，Gemma 4）</translation>
    </message>
    <message>
        <source>θ&apos;_i = b^(-2i/d)/s for the first rotary-dim/2 pairs, 0 for the rest (exponent over the full head); attention 1.</source>
        <translation>前 rotary-dim/2 对 θ&apos;_i = b^(-2i/d)/s，其余为 0（指数按整个头计算）；注意力因子 1。</translation>
    </message>
</context>
<context>
    <name>Translate</name>
    <message>
        <source>llama.cpp flags:</source>
        <translation>llama.cpp 参数：</translation>
    </message>
    <message>
        <source>GGUF keys:</source>
        <translation>GGUF 键：</translation>
    </message>
    <message>
        <source>Not expressible as flags:</source>
        <translation>无法用参数表达：</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
</context>
<context>
    <name>rope-explorer</name>
    <message>
        <source>See and touch rotary position embeddings (RoPE).</source>
        <translation>看得见、摸得着的旋转位置编码（RoPE）。</translation>
    </message>
    <message>
        <source>A session (.ropex) or a Hugging Face config.json to open.</source>
        <translation>要打开的会话（.ropex）或 Hugging Face config.json。</translation>
    </message>
    <message>
        <source>Show the program in LANG (en, zh_CN) instead of the language chosen under View &gt; Language (default: the system&apos;s).</source>
        <translation>以 LANG（en、zh_CN）显示程序，而不使用“视图 &gt; 语言”中选择的语言（默认：系统语言）。</translation>
    </message>
</context>
<context>
    <name>rope::ui::AnimationDialog</name>
    <message>
        <source>Export animation: %1</source>
        <translation>导出动画：%1</translation>
    </message>
    <message>
        <source>A numeric option of this panel, or a parameter shared by all panels (positions m and n, base, factor, …).</source>
        <translation>本面板的一个数值选项，或所有面板共享的参数（位置 m 和 n、底数、因子……）。</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>&amp;Sweep:</source>
        <translation>扫描参数(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>起点(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>终点(&amp;T)：</translation>
    </message>
    <message>
        <source>F&amp;rames:</source>
        <translation>帧数(&amp;R)：</translation>
    </message>
    <message>
        <source>Frames per &amp;second:</source>
        <translation>每秒帧数(&amp;S)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>%1 export needs ffmpeg, which is not installed (not found on PATH). Install it (Debian: apt install ffmpeg), or choose GIF or PNG frames.</source>
        <translation>%1 导出需要 ffmpeg，但未安装（PATH 中找不到）。请安装（Debian：apt install ffmpeg），或选择 GIF 或 PNG 帧序列。</translation>
    </message>
    <message>
        <source>Folder for the PNG frames</source>
        <translation>PNG 帧所在的文件夹</translation>
    </message>
    <message>
        <source>Export GIF</source>
        <translation>导出 GIF</translation>
    </message>
    <message>
        <source>GIF animations (*.gif)</source>
        <translation>GIF 动画 (*.gif)</translation>
    </message>
    <message>
        <source>Export MP4</source>
        <translation>导出 MP4</translation>
    </message>
    <message>
        <source>MP4 videos (*.mp4)</source>
        <translation>MP4 视频 (*.mp4)</translation>
    </message>
    <message>
        <source>Export WebM</source>
        <translation>导出 WebM</translation>
    </message>
    <message>
        <source>WebM videos (*.webm)</source>
        <translation>WebM 视频 (*.webm)</translation>
    </message>
    <message>
        <source>Rendering %1 frames…</source>
        <translation>正在渲染 %1 帧…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Export cancelled: nothing was written.</source>
        <translation>已取消导出：没有写入任何文件。</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Wrote %1 frames into %2</source>
        <translation>已将 %1 帧写入 %2</translation>
    </message>
</context>
<context>
    <name>rope::ui::CodeDialog</name>
    <message>
        <source>Code for the current parameters</source>
        <translation>当前参数的代码</translation>
    </message>
    <message>
        <source># No code: %1</source>
        <translation># 没有代码：%1</translation>
    </message>
    <message>
        <source>NumPy</source>
        <translation>NumPy</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copied %1 code</source>
        <translation>已复制 %1 代码</translation>
    </message>
</context>
<context>
    <name>rope::ui::CoursePane</name>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>%v of %m solved</source>
        <translation>已完成 %v / %m</translation>
    </message>
    <message>
        <source>Your answer (a number)</source>
        <translation>你的答案（一个数）</translation>
    </message>
    <message>
        <source>&amp;Reset panel</source>
        <translation>重置面板(&amp;R)</translation>
    </message>
    <message>
        <source>Put the panel back in the state this step prepared</source>
        <translation>把面板恢复到本步骤准备好的状态</translation>
    </message>
    <message>
        <source>The course has no steps.</source>
        <translation>课程没有任何步骤。</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <source>Not a number: &apos;%1&apos;. Type a number such as 46 or 0.94.</source>
        <translation>不是数字：“%1”。请输入一个数，例如 46 或 0.94。</translation>
    </message>
    <message>
        <source>Correct: the answer is %1 (±%2).</source>
        <translation>正确：答案是 %1（±%2）。</translation>
    </message>
    <message>
        <source>Correct: the answer is %1.</source>
        <translation>正确：答案是 %1。</translation>
    </message>
    <message>
        <source>The answer is %1.</source>
        <translation>答案是 %1。</translation>
    </message>
    <message>
        <source>Course task</source>
        <translation>课程任务</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <source>Computing the answer…</source>
        <translation>正在计算答案…</translation>
    </message>
    <message>
        <source>Computing the answer… %1 will be checked when it is ready.</source>
        <translation>正在计算答案…答案就绪后将检查 %1。</translation>
    </message>
    <message>
        <source>Show &amp;solution</source>
        <translation>显示解答(&amp;S)</translation>
    </message>
    <message>
        <source>Worked solution</source>
        <translation>详细解答</translation>
    </message>
    <message>
        <source>Course step</source>
        <translation>课程步骤</translation>
    </message>
    <message>
        <source>Pick one of the answers first.</source>
        <translation>请先选择一个答案。</translation>
    </message>
    <message>
        <source>Co&amp;mmit</source>
        <translation>提交预测(&amp;M)</translation>
    </message>
    <message>
        <source>Commit to your prediction; the panel then shows what happens</source>
        <translation>提交你的预测；随后面板会显示实际结果</translation>
    </message>
    <message>
        <source>Not yet: change the panel to reach the goal.</source>
        <translation>还没到：调整面板以达到目标。</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>Not quite: %1 is not it. Try again, or press Show solution.</source>
        <translation>不太对：%1 不是答案。再试一次，或点击“显示解答”。</translation>
    </message>
    <message>
        <source>Correct: %1.</source>
        <translation>正确：%1。</translation>
    </message>
    <message>
        <source>Not this one. Try again, or press Show solution.</source>
        <translation>不是这个。再试一次，或点击“显示解答”。</translation>
    </message>
    <message>
        <source>The answer is: %1.</source>
        <translation>答案是：%1。</translation>
    </message>
    <message>
        <source>Checking the panel…</source>
        <translation>正在检查面板…</translation>
    </message>
    <message>
        <source>Reached ✓</source>
        <translation>已达成 ✓</translation>
    </message>
    <message>
        <source>Not yet.</source>
        <translation>还没到。</translation>
    </message>
</context>
<context>
    <name>rope::ui::ExportOptionsDialog</name>
    <message>
        <source>Export options</source>
        <translation>导出选项</translation>
    </message>
    <message>
        <source>As on screen</source>
        <translation>与屏幕相同</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Pixel scale</source>
        <translation>像素倍数</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>Pixel &amp;scale:</source>
        <translation>像素倍数(&amp;S)：</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3 dpi</source>
        <translation>%1 × %2 像素，%3 dpi</translation>
    </message>
</context>
<context>
    <name>rope::ui::FigurePanel</name>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Save this figure as PNG, SVG, PDF or its data as CSV.</source>
        <translation>把此图保存为 PNG、SVG、PDF，或把数据保存为 CSV。</translation>
    </message>
    <message>
        <source>PNG image…</source>
        <translation>PNG 图像…</translation>
    </message>
    <message>
        <source>SVG vector image…</source>
        <translation>SVG 矢量图…</translation>
    </message>
    <message>
        <source>PDF document…</source>
        <translation>PDF 文档…</translation>
    </message>
    <message>
        <source>CSV data…</source>
        <translation>CSV 数据…</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Layer %1 has no RoPE (NoPE): its queries and keys are not rotated, so there is nothing to draw here. Choose a RoPE layer in the layer strip above.</source>
        <translation>第 %1 层没有 RoPE（NoPE）：它的查询和键不做旋转，因此这里没有可画的内容。请在上方的层条中选择一个使用 RoPE 的层。</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Whole &amp;context</source>
        <translation>整个上下文(&amp;C)</translation>
    </message>
    <message>
        <source>Zoom out to positions 0 … L−1.</source>
        <translation>缩小到位置 0 … L−1。</translation>
    </message>
    <message>
        <source>Wheel: zoom positions · drag: pan</source>
        <translation>滚轮：缩放位置 · 拖动：平移</translation>
    </message>
    <message>
        <source>move m</source>
        <translation>移动 m</translation>
    </message>
    <message>
        <source>move m and n together</source>
        <translation>m 和 n 一起移动</translation>
    </message>
    <message>
        <source>Moving both keeps n − m, the angle between R_m q and R_n k and the score fixed.</source>
        <translation>两者一起移动时 n − m 不变，因此 R_m q 与 R_n k 的夹角和分数都不变。</translation>
    </message>
    <message>
        <source>Animation</source>
        <translation>动画</translation>
    </message>
    <message>
        <source>Advance the position by one token per frame.</source>
        <translation>每帧把位置前进一个词元。</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Attention factor:</source>
        <translation>注意力因子(&amp;A)：</translation>
    </message>
    <message>
        <source>Unchecked: the factor of the current scaling method.</source>
        <translation>不勾选：使用当前缩放方法的因子。</translation>
    </message>
    <message>
        <source>Attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>q and k are multiplied by a, so every score by a² (an inverse softmax temperature).</source>
        <translation>q 和 k 乘以 a，于是每个分数乘以 a²（相当于 softmax 温度的倒数）。</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>取消(&amp;N)</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>继续(&amp;U)</translation>
    </message>
    <message>
        <source>%1 plot</source>
        <translation>%1 图</translation>
    </message>
    <message>
        <source>%1 lesson</source>
        <translation>%1 课文</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Whole &amp;range</source>
        <translation>整个范围(&amp;R)</translation>
    </message>
    <message>
        <source>Back to the default bases: b*/3 … 2·b_T.</source>
        <translation>回到默认底数范围：b*/3 … 2·b_T。</translation>
    </message>
    <message>
        <source>Wheel: zoom b · drag: pan</source>
        <translation>滚轮：缩放 b · 拖动：平移</translation>
    </message>
    <message>
        <source>b = %1: g = %2, binding m = %3 (%4)</source>
        <translation>b = %1：g = %2，起约束作用的 m = %3（%4）</translation>
    </message>
    <message>
        <source>feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <source>infeasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <source>The measurement failed: %1</source>
        <translation>测量失败：%1</translation>
    </message>
    <message>
        <source>P&amp;revious</source>
        <translation>上一步(&amp;R)</translation>
    </message>
    <message>
        <source>The previous step of the derivation.</source>
        <translation>推导的上一步。</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>The next step of the derivation.</source>
        <translation>推导的下一步。</translation>
    </message>
    <message>
        <source>Loading the lesson…</source>
        <translation>正在加载课程…</translation>
    </message>
    <message>
        <source>Using this panel</source>
        <translation>使用本面板</translation>
    </message>
    <message>
        <source>▾ %1 (hide)</source>
        <translation>▾ %1（收起）</translation>
    </message>
    <message>
        <source>▸ %1 (show)</source>
        <translation>▸ %1（展开）</translation>
    </message>
    <message>
        <source>Compare &amp;with:</source>
        <translation>对比对象(&amp;W)：</translation>
    </message>
    <message>
        <source>The second configuration of the comparison.</source>
        <translation>对比中的第二个配置。</translation>
    </message>
    <message>
        <source>&amp;File…</source>
        <translation>文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Compare with a config.json or GGUF file.</source>
        <translation>与 config.json 或 GGUF 文件对比。</translation>
    </message>
    <message>
        <source>the same without scaling</source>
        <translation>同一配置去掉缩放</translation>
    </message>
    <message>
        <source>Compare with a model file</source>
        <translation>与模型文件对比</translation>
    </message>
    <message>
        <source>Model files (*.json *.gguf);;All files (*)</source>
        <translation>模型文件 (*.json *.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>computing: %p%</source>
        <translation>计算中：%p%</translation>
    </message>
    <message>
        <source>Progress of the computation</source>
        <translation>计算进度</translation>
    </message>
    <message>
        <source>Stop the computation; what is finished stays drawn.</source>
        <translation>停止计算；已完成的部分保留在图上。</translation>
    </message>
    <message>
        <source>Compute the rest for the current inputs.</source>
        <translation>为当前输入计算剩余部分。</translation>
    </message>
    <message>
        <source>cancelled at %p%</source>
        <translation>已在 %p% 处取消</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>panel &apos;%1&apos; has no option &apos;%2&apos;; valid keys: %3</source>
        <translation>面板“%1”没有选项“%2”；有效的键：%3</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Train the race set by the options above.</source>
        <translation>按上面的选项训练这场比赛。</translation>
    </message>
    <message>
        <source>Trained. Change an option to set up another race.</source>
        <translation>已训练。改变任一选项即可设置另一场比赛。</translation>
    </message>
    <message>
        <source>The race for these options is drawn.</source>
        <translation>图中已是这些选项的比赛结果。</translation>
    </message>
    <message>
        <source>Cancelled: Resume trains the rest.</source>
        <translation>已取消：“继续”会训练剩下的部分。</translation>
    </message>
    <message>
        <source>Training failed.</source>
        <translation>训练失败。</translation>
    </message>
    <message>
        <source>Try the race again.</source>
        <translation>重新尝试这场比赛。</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>The lesson could not be loaded: %1</source>
        <translation>无法加载课文：%1</translation>
    </message>
</context>
<context>
    <name>rope::ui::HfCacheDialog</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>Models with safetensors weights in %1 (set HF_HOME or HF_HUB_CACHE to look elsewhere):</source>
        <translation>%1 中带 safetensors 权重的模型（设置 HF_HOME 或 HF_HUB_CACHE 可查看其他位置）：</translation>
    </message>
    <message>
        <source>%1  (revision %2)</source>
        <translation>%1  （修订 %2）</translation>
    </message>
    <message>
        <source>No model with config.json and model.safetensors (or its index) was found there. Download one with huggingface-cli download, or use File ▸ Open model folder…</source>
        <translation>那里没有找到含 config.json 和 model.safetensors（或其索引）的模型。可用 huggingface-cli download 下载，或使用 文件 ▸ 打开模型文件夹…</translation>
    </message>
</context>
<context>
    <name>rope::ui::JobRunner</name>
    <message>
        <source>the computation failed with an unknown error</source>
        <translation>计算因未知错误而失败</translation>
    </message>
</context>
<context>
    <name>rope::ui::LayerStrip</name>
    <message>
        <source>layer %1: %2, b = %3, rotary dim %4</source>
        <translation>第 %1 层：%2，b = %3，旋转维度 %4</translation>
    </message>
    <message>
        <source>, %1 ×%2</source>
        <translation>，%1 ×%2</translation>
    </message>
    <message>
        <source>Layer (%1):</source>
        <translation>层（%1）：</translation>
    </message>
    <message>
        <source>F full · S sliding · C chunked · L linear
✓ Σcos ≥ 0 over the span · ✗ Σcos &lt; 0 within it · – no RoPE</source>
        <translation>全 全注意力 · 滑 滑动窗口 · 块 分块 · 线 线性注意力
✓ 跨度内 Σcos ≥ 0 · ✗ 跨度内 Σcos &lt; 0 · – 无旋转位置编码</translation>
    </message>
    <message>
        <source>Letter: how far the layer&apos;s attention reaches (full context, sliding window, chunk, or linear attention without RoPE). Mark: whether Σᵢ cos(m·θ&apos;ᵢ) stays ≥ 0 at every distance m the layer can attend, with the layer&apos;s own frequencies.</source>
        <translation>字：该层注意力能看多远（整个上下文、滑动窗口、分块，或不带旋转位置编码的线性注意力）。符号：用该层自己的频率，在它能关注的每个距离 m 上 Σᵢ cos(m·θ&apos;ᵢ) 是否保持 ≥ 0。</translation>
    </message>
    <message>
        <source>F</source>
        <comment>layer strip: full attention</comment>
        <translation>全</translation>
    </message>
    <message>
        <source>S</source>
        <comment>layer strip: sliding-window attention</comment>
        <translation>滑</translation>
    </message>
    <message>
        <source>C</source>
        <comment>layer strip: chunked attention</comment>
        <translation>块</translation>
    </message>
    <message>
        <source>L</source>
        <comment>layer strip: linear attention</comment>
        <translation>线</translation>
    </message>
    <message>
        <source>full attention up to distance %1</source>
        <translation>全注意力，距离至多 %1</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <source>sliding window %1 tokens (distances up to %2)</source>
        <translation>滑动窗口 %1 个词元（距离至多 %2）</translation>
    </message>
    <message>
        <source>chunks of %1 tokens (distances up to %2)</source>
        <translation>每块 %1 个词元（距离至多 %2）</translation>
    </message>
    <message>
        <source>linear attention, no positional span</source>
        <translation>线性注意力，无位置跨度</translation>
    </message>
    <message>
        <source>layer %1: %2, no RoPE (NoPE); %3</source>
        <translation>第 %1 层：%2，无旋转位置编码（NoPE）；%3</translation>
    </message>
    <message>
        <source>: Σcos &lt; 0 first at distance %1, inside the span</source>
        <translation>：Σcos 在距离 %1 处首次 &lt; 0，位于跨度之内</translation>
    </message>
    <message>
        <source>: Σcos ≥ 0 at every distance of the span</source>
        <translation>：跨度内每个距离上 Σcos ≥ 0</translation>
    </message>
    <message>
        <source>: Σcos check running…</source>
        <translation>：Σcos 检查进行中…</translation>
    </message>
    <message>
        <source>The Σcos check of the layers failed: %1</source>
        <translation>各层的 Σcos 检查失败：%1</translation>
    </message>
</context>
<context>
    <name>rope::ui::MainWindow</name>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>Course</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>The course could not be loaded:
%1</source>
        <translation>无法加载课程：
%1</translation>
    </message>
    <message>
        <source>Not applied (%1): %2</source>
        <translation>未应用（%1）：%2</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Course step %1: no panel &apos;%2&apos;</source>
        <translation>课程第 %1 步：没有面板“%2”</translation>
    </message>
    <message>
        <source>window.geometry: not restored</source>
        <translation>window.geometry：未恢复</translation>
    </message>
    <message>
        <source>window.state: not restored</source>
        <translation>window.state：未恢复</translation>
    </message>
    <message>
        <source>Not opened: only local files can be dropped</source>
        <translation>未打开：只能拖入本地文件</translation>
    </message>
    <message>
        <source>Opening only the first of %1 dropped files</source>
        <translation>拖入了 %1 个文件，只打开第一个</translation>
    </message>
    <message>
        <source>Not opened: %1 is neither a session (.%2) nor a model config (.json, .gguf)</source>
        <translation>未打开：%1 既不是会话（.%2）也不是模型配置（.json、.gguf）</translation>
    </message>
    <message>
        <source>Export cancelled: %1 not written</source>
        <translation>导出已取消：未写入 %1</translation>
    </message>
</context>
<context>
    <name>rope::ui::ModelLoader</name>
    <message>
        <source>Open a Hugging Face config.json or a GGUF file</source>
        <translation>打开 Hugging Face config.json 或 GGUF 文件</translation>
    </message>
    <message>
        <source>Model files (*.json *.gguf);;JSON files (*.json);;GGUF files (*.gguf);;All files (*)</source>
        <translation>模型文件 (*.json *.gguf);;JSON 文件 (*.json);;GGUF 文件 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Model config not opened: %1</source>
        <translation>未打开模型配置：%1</translation>
    </message>
    <message>
        <source>Model config not opened</source>
        <translation>未打开模型配置</translation>
    </message>
    <message>
        <source>Could not import
%1

%2</source>
        <translation>无法导入
%1

%2</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model loaded with errors</source>
        <translation>模型已加载，但有错误</translation>
    </message>
    <message>
        <source>%1: some fields could not be used and kept their defaults:

%2</source>
        <translation>%1：部分字段无法使用，保留了默认值：

%2</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <source>Loaded %1 (%2)</source>
        <translation>已加载 %1（%2）</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
</context>
<context>
    <name>rope::ui::PanelNavigation</name>
    <message>
        <source>Foundations</source>
        <translation>基础</translation>
    </message>
    <message>
        <source>Long context</source>
        <translation>长上下文</translation>
    </message>
    <message>
        <source>Engineering</source>
        <translation>工程实现</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Search panels (Ctrl+F)</source>
        <translation>搜索面板（Ctrl+F）</translation>
    </message>
    <message>
        <source>Search panels</source>
        <translation>搜索面板</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>实证</translation>
    </message>
</context>
<context>
    <name>rope::ui::ParameterForm</name>
    <message>
        <source>floor/ceil the blend range</source>
        <translation>对过渡区间取整（floor/ceil）</translation>
    </message>
    <message>
        <source>Head dim &amp;d</source>
        <translation>头维度 &amp;d</translation>
    </message>
    <message>
        <source>Rotated dimensions d (even): d/2 pairs, pair i turns by θ_i = b^(−2i/d) per token.</source>
        <translation>旋转的维度 d（偶数）：共 d/2 对，第 i 对每个词元转过 θ_i = b^(−2i/d)。</translation>
    </message>
    <message>
        <source>&amp;Base b</source>
        <translation>底数 &amp;b</translation>
    </message>
    <message>
        <source>RoPE base b (rope_theta), &gt; 1. Larger b slows every pair but the first.</source>
        <translation>RoPE 底数 b（rope_theta），&gt; 1。b 越大，除第一对外每一对都转得越慢。</translation>
    </message>
    <message>
        <source>Position &amp;m</source>
        <translation>位置 &amp;m</translation>
    </message>
    <message>
        <source>Query position m (tokens).</source>
        <translation>查询位置 m（词元）。</translation>
    </message>
    <message>
        <source>Position &amp;n</source>
        <translation>位置 &amp;n</translation>
    </message>
    <message>
        <source>Key position n (tokens).</source>
        <translation>键位置 n（词元）。</translation>
    </message>
    <message>
        <source>&amp;Context L</source>
        <translation>上下文 &amp;L</translation>
    </message>
    <message>
        <source>Context length L (tokens) the plots cover, 64 … 1,048,576.</source>
        <translation>图中覆盖的上下文长度 L（词元），64 … 1,048,576。</translation>
    </message>
    <message>
        <source>interleaved (x0,x1),(x2,x3)…</source>
        <translation>交错 (x0,x1),(x2,x3)…</translation>
    </message>
    <message>
        <source>half (x_i, x_(i+d/2)), rotate_half</source>
        <translation>对半 (x_i, x_(i+d/2))，rotate_half</translation>
    </message>
    <message>
        <source>Which coordinates form a pair: RoFormer/GPT-J interleave them, GPT-NeoX and Hugging Face Llama pair the two halves.</source>
        <translation>哪些坐标组成一对：RoFormer/GPT-J 相邻交错配对，GPT-NeoX 和 Hugging Face 的 Llama 把前后两半配对。</translation>
    </message>
    <message>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <source>Context-extension method (Hugging Face rope_scaling).</source>
        <translation>上下文扩展方法（Hugging Face rope_scaling）。</translation>
    </message>
    <message>
        <source>&amp;Scaling</source>
        <translation>缩放(&amp;S)</translation>
    </message>
    <message>
        <source>Factor &amp;s</source>
        <translation>因子 &amp;s</translation>
    </message>
    <message>
        <source>Scale factor s = new context / original context (≥ 1).</source>
        <translation>缩放因子 s = 新上下文 / 原始上下文（≥ 1）。</translation>
    </message>
    <message>
        <source>Original L₀</source>
        <translation>原始 L₀</translation>
    </message>
    <message>
        <source>original_max_position_embeddings L₀ (tokens): the context the model was trained on.</source>
        <translation>original_max_position_embeddings L₀（词元）：模型训练时的上下文长度。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Current sequence length for dynamic NTK (tokens); &apos;auto&apos; = L₀.</source>
        <translation>dynamic NTK 的当前序列长度（词元）；“自动” = L₀。</translation>
    </message>
    <message>
        <source>auto (= L₀)</source>
        <translation>自动（= L₀）</translation>
    </message>
    <message>
        <source>β fast</source>
        <translation>β fast</translation>
    </message>
    <message>
        <source>YaRN beta_fast: pairs turning more than β_fast times over L₀ keep θ_i.</source>
        <translation>YaRN beta_fast：在 L₀ 内转过多于 β_fast 圈的维度对保持 θ_i。</translation>
    </message>
    <message>
        <source>β slow</source>
        <translation>β slow</translation>
    </message>
    <message>
        <source>YaRN beta_slow: pairs turning fewer than β_slow times over L₀ get θ_i/s.</source>
        <translation>YaRN beta_slow：在 L₀ 内转过少于 β_slow 圈的维度对变为 θ_i/s。</translation>
    </message>
    <message>
        <source>mscale</source>
        <translation>mscale</translation>
    </message>
    <message>
        <source>YaRN mscale (0 = unset).</source>
        <translation>YaRN mscale（0 = 未设置）。</translation>
    </message>
    <message>
        <source>mscale all dim</source>
        <translation>mscale all dim</translation>
    </message>
    <message>
        <source>YaRN mscale_all_dim (0 = unset).</source>
        <translation>YaRN mscale_all_dim（0 = 未设置）。</translation>
    </message>
    <message>
        <source>Attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>Explicit attention_factor multiplying cos and sin (0 = computed by the method).</source>
        <translation>显式的 attention_factor，乘到 cos 和 sin 上（0 = 由方法计算）。</translation>
    </message>
    <message>
        <source>YaRN truncate: round the correction range to whole pairs.</source>
        <translation>YaRN truncate：把校正区间取整到整数对。</translation>
    </message>
    <message>
        <source>Truncate</source>
        <translation>取整</translation>
    </message>
    <message>
        <source>Low-freq factor</source>
        <translation>低频因子</translation>
    </message>
    <message>
        <source>Llama 3 low_freq_factor: wavelengths above L₀/low_freq_factor are divided by s.</source>
        <translation>Llama 3 low_freq_factor：波长大于 L₀/low_freq_factor 的频率除以 s。</translation>
    </message>
    <message>
        <source>High-freq factor</source>
        <translation>高频因子</translation>
    </message>
    <message>
        <source>Llama 3 high_freq_factor: wavelengths below L₀/high_freq_factor are kept.</source>
        <translation>Llama 3 high_freq_factor：波长小于 L₀/high_freq_factor 的频率保持不变。</translation>
    </message>
    <message>
        <source>&amp;Reset to defaults</source>
        <translation>恢复默认值(&amp;R)</translation>
    </message>
    <message>
        <source>Back to d = 128, b = 10000, no scaling.</source>
        <translation>恢复为 d = 128，b = 10000，不缩放。</translation>
    </message>
    <message>
        <source>Not applied (%1): %2</source>
        <translation>未应用（%1）：%2</translation>
    </message>
    <message>
        <source>%1 slider</source>
        <translation>%1 滑块</translation>
    </message>
    <message>
        <source>all (= d)</source>
        <translation>全部（= d）</translation>
    </message>
    <message>
        <source>R&amp;otary dim</source>
        <translation>旋转维度(&amp;O)</translation>
    </message>
    <message>
        <source>Rotated dimensions (even, ≤ d); the rest of the head is not rotated (partial_rotary_factor = rotary dim / d). &apos;all&apos; = d.</source>
        <translation>旋转的维数（偶数，≤ d）；头向量其余的维度不旋转（partial_rotary_factor = 旋转维度 / d）。“全部” = d。</translation>
    </message>
</context>
<context>
    <name>rope::ui::PresenterWindow</name>
    <message>
        <source>RoPE Explorer — presenter mode (Esc leaves)</source>
        <translation>RoPE Explorer — 演示模式（按 Esc 退出）</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>第 %1 步，共 %2 步 · %3</translation>
    </message>
    <message>
        <source>&amp;Presenter mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>The visible panel full screen in large print; Page Down/Up step through the course, Esc leaves.</source>
        <translation>当前面板全屏大字显示；Page Down/Up 在课程中前后翻步，Esc 退出。</translation>
    </message>
    <message>
        <source>Computing the answer…</source>
        <translation>正在计算答案…</translation>
    </message>
    <message>
        <source>Return: show the worked solution · Page Down: next step</source>
        <translation>回车：显示详细解答 · Page Down：下一步</translation>
    </message>
    <message>
        <source>Loading the lesson…</source>
        <translation>正在加载课程…</translation>
    </message>
</context>
<context>
    <name>rope::ui::SessionFiles</name>
    <message>
        <source>Session not saved: %1</source>
        <translation>会话未保存：%1</translation>
    </message>
    <message>
        <source>Session not saved</source>
        <translation>会话未保存</translation>
    </message>
    <message>
        <source>Could not save the session to
%1

%2</source>
        <translation>无法把会话保存到
%1

%2</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>已保存会话 %1</translation>
    </message>
    <message>
        <source>Session not opened: %1</source>
        <translation>未打开会话：%1</translation>
    </message>
    <message>
        <source>Session not opened</source>
        <translation>未打开会话</translation>
    </message>
    <message>
        <source>Could not open the session
%1

%2</source>
        <translation>无法打开会话
%1

%2</translation>
    </message>
    <message>
        <source>Session opened with errors</source>
        <translation>会话已打开，但有错误</translation>
    </message>
    <message>
        <source>%1: these entries could not be used and kept their defaults:

%2</source>
        <translation>%1：以下条目无法使用，保留了默认值：

%2</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>Opened session %1 (%2)</source>
        <translation>已打开会话 %1（%2）</translation>
    </message>
    <message>
        <source>panelOptions.%1: no such panel, skipped</source>
        <translation>panelOptions.%1：没有这个面板，已跳过</translation>
    </message>
    <message>
        <source>activePanel: no panel &apos;%1&apos;, skipped</source>
        <translation>activePanel：没有面板“%1”，已跳过</translation>
    </message>
    <message>
        <source>RoPE Explorer[*]</source>
        <translation>RoPE Explorer[*]</translation>
    </message>
    <message>
        <source>%1[*] — RoPE Explorer</source>
        <translation>%1[*] — RoPE Explorer</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Model configs</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>;;All files (*)</source>
        <translation>;;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>rope::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>rope::ui::WeightsOpen</name>
    <message>
        <source>Reading the q/k projections of %1…</source>
        <translation>正在读取 %1 的 q/k 投影…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Cannot read the model&apos;s weights</source>
        <translation>无法读取模型权重</translation>
    </message>
</context>
<context>
    <name>rope::ui::WindowMenus</name>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Copy as &amp;NumPy code</source>
        <translation>复制为 &amp;NumPy 代码</translation>
    </message>
    <message>
        <source>Copy as &amp;PyTorch code</source>
        <translation>复制为 &amp;PyTorch 代码</translation>
    </message>
    <message>
        <source>&amp;Show code…</source>
        <translation>显示代码(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Open config.json…</source>
        <translation>打开 config.json(&amp;O)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About RoPE Explorer</source>
        <translation>关于 RoPE Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open model &amp;folder (weights)…</source>
        <translation>打开模型文件夹（权重）(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Hugging Face cache…</source>
        <translation>Hugging Face 缓存(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export current figure…</source>
        <translation>导出当前图(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;animation…</source>
        <translation>导出动画(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;slides (PDF)…</source>
        <translation>导出幻灯片 (PDF)(&amp;S)…</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Export &amp;handout (PDF)…</source>
        <translation>导出讲义 (PDF)(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Find panel</source>
        <translation>查找面板(&amp;F)</translation>
    </message>
    <message>
        <source>N&amp;ext panel</source>
        <translation>下一个面板(&amp;E)</translation>
    </message>
    <message>
        <source>P&amp;revious panel</source>
        <translation>上一个面板(&amp;R)</translation>
    </message>
    <message>
        <source>Show &amp;lessons</source>
        <translation>显示课文(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;CSV data (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;PDF 文档 (*.pdf);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <source>No code: %1</source>
        <translation>没有代码：%1</translation>
    </message>
    <message>
        <source>Copied NumPy code for the current parameters</source>
        <translation>已复制当前参数的 NumPy 代码</translation>
    </message>
    <message>
        <source>Copied PyTorch code for the current parameters</source>
        <translation>已复制当前参数的 PyTorch 代码</translation>
    </message>
    <message>
        <source>The language changes to %1 when RoPE Explorer starts again.</source>
        <translation>RoPE Explorer 下次启动时界面语言将切换为%1。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>&amp;Restart now</source>
        <translation>立即重启(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>稍后(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Unknown theme &apos;%1&apos; in the settings: using the system&apos;s</source>
        <translation>设置中的主题“%1”未知：使用系统主题</translation>
    </message>
    <message>
        <source>About RoPE Explorer</source>
        <translation>关于 RoPE Explorer</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RoPE Explorer %1&lt;/h3&gt;&lt;p&gt;Rotary position embeddings, seen and touched.&lt;/p&gt;&lt;p&gt;Licence: GPL-3.0-or-later. This program comes with ABSOLUTELY NO WARRANTY.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running %3), QCustomPlot %4, Eigen %5.%6.%7.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RoPE Explorer %1&lt;/h3&gt;&lt;p&gt;看得见、摸得着的旋转位置编码。&lt;/p&gt;&lt;p&gt;许可证：GPL-3.0-or-later。本程序不提供任何担保。&lt;/p&gt;&lt;p&gt;构建于 Qt %2（运行于 %3）、QCustomPlot %4、Eigen %5.%6.%7。&lt;/p&gt;</translation>
    </message>
</context>
</TS>
