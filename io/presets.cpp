// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/presets.h"
#include "io/io_text.h"

#include <QStringList>

namespace rope::io {

const QList<Preset>& allPresets() {
    static const QList<Preset> presets = {
        {QStringLiteral("llama-2-7b"), QStringLiteral("Llama 2 7B"),
         QStringLiteral("meta-llama/Llama-2-7b-hf config.json: no rope_theta (transformers' "
                        "default 10000), hidden 4096 / 32 heads, 4096 positions")},
        {QStringLiteral("llama-3.1-8b"), QStringLiteral("Llama 3.1 8B (llama3 scaling)"),
         QStringLiteral("meta-llama/Llama-3.1-8B config.json: rope_theta 500000, llama3 factor 8 "
                        "over 8192, 131072 positions")},
        {QStringLiteral("qwen2.5-7b"), QStringLiteral("Qwen2.5 7B Instruct"),
         QStringLiteral("Qwen/Qwen2.5-7B-Instruct config.json: rope_theta 1e6, hidden 3584 / 28 "
                        "heads, 32768 positions")},
        {QStringLiteral("mistral-7b"), QStringLiteral("Mistral 7B Instruct v0.2"),
         QStringLiteral("mistralai/Mistral-7B-Instruct-v0.2 config.json: rope_theta 1e6 (v0.1 used "
                        "10000), 32768 positions")},
        {QStringLiteral("qwen2.5-7b-yarn"), QStringLiteral("Qwen2.5 7B Instruct + YaRN ×4"),
         QStringLiteral("Qwen2.5-7B-Instruct with the rope_scaling its model card recommends for "
                        "long inputs: yarn, factor 4, original 32768")},
        {QStringLiteral("gpt-neox-20b"), QStringLiteral("GPT-NeoX 20B (partial rotary)"),
         QStringLiteral("EleutherAI/gpt-neox-20b config.json: rotary_pct 0.25 of head 96, "
                        "rotary_emb_base 10000, 2048 positions")},
        {QStringLiteral("phi-3.5-mini-instruct"), QStringLiteral("Phi-3.5 mini (LongRoPE)"),
         QStringLiteral("microsoft/Phi-3.5-mini-instruct config.json: longrope, 48 short and 48 "
                        "long factors, 4096 → 131072 positions")},
        {QStringLiteral("qwen2-vl-7b"), QStringLiteral("Qwen2-VL 7B Instruct (M-RoPE)"),
         QStringLiteral("Qwen/Qwen2-VL-7B-Instruct config.json: mrope_section [16, 24, 24], "
                        "rope_theta 1e6")},
        {QStringLiteral("qwen3-vl-8b"), QStringLiteral("Qwen3-VL 8B Instruct (interleaved M-RoPE)"),
         QStringLiteral("Qwen/Qwen3-VL-8B-Instruct config.json: text_config, mrope_section "
                        "[24, 20, 20] interleaved, rope_theta 5e6")},
        {QStringLiteral("gemma-3-4b"), QStringLiteral("Gemma 3 4B (local and global layers)"),
         QStringLiteral("google/gemma-3-4b-it config.json: local layers base 1e4, every 6th layer "
                        "global with base 1e6 and linear ×8")},
        {QStringLiteral("command-r7b"), QStringLiteral("Command R7B (NoPE global layers)"),
         QStringLiteral("CohereForAI/c4ai-command-r7b-12-2024 config.json: sliding layers base "
                        "50000, every 4th layer global without RoPE")},
        {QStringLiteral("llama-4-scout"), QStringLiteral("Llama 4 Scout (NoPE every 4th layer)"),
         QStringLiteral("meta-llama/Llama-4-Scout-17B-16E-Instruct config.json: llama3 ×16, every "
                        "4th layer NoPE with query temperature")},
        {QStringLiteral("smollm3-3b"), QStringLiteral("SmolLM3 3B (no_rope_layers)"),
         QStringLiteral("HuggingFaceTB/SmolLM3-3B config.json: rope_theta 5e6, no_rope_layers "
                        "(every 4th layer NoPE)")},
        {QStringLiteral("deepseek-v3"), QStringLiteral("DeepSeek-V3 (YaRN, MLA rope dims)"),
         QStringLiteral("deepseek-ai/DeepSeek-V3 config.json: yarn ×40 over 4096, mscale 1, "
                        "qk_rope_head_dim 64")},
        {QStringLiteral("gpt-oss-20b"), QStringLiteral("gpt-oss 20B (YaRN, truncate false)"),
         QStringLiteral("openai/gpt-oss-20b config.json: yarn ×32 over 4096, truncate false, "
                        "rope_theta 150000")},
        {QStringLiteral("gemma-4-26b-a4b"),
         QStringLiteral("Gemma 4 26B-A4B (p-RoPE global layers)"),
         QStringLiteral("google/gemma-4-26B-A4B-it config.json: sliding layers head 256, base 1e4, "
                        "window 1024; every 6th layer global, head 512, proportional 0.25, base "
                        "1e6")},
        {QStringLiteral("qwen3-next-80b-a3b"),
         QStringLiteral("Qwen3-Next 80B-A3B (linear attention, partial rotary)"),
         QStringLiteral("Qwen/Qwen3-Next-80B-A3B-Instruct config.json: 3 of 4 layers Gated "
                        "DeltaNet without RoPE, partial_rotary_factor 0.25 of head 256, base 1e7")},
        {QStringLiteral("glm-4.5"), QStringLiteral("GLM-4.5 (half of each head rotates)"),
         QStringLiteral("zai-org/GLM-4.5 config.json: partial_rotary_factor 0.5 of head 128, base "
                        "1e6, 131072 positions")},
        {QStringLiteral("minimax-m2"), QStringLiteral("MiniMax-M2 (rotary_dim 64 of 128)"),
         QStringLiteral("MiniMaxAI/MiniMax-M2 config.json: rotary_dim 64 of head 128, base 5e6, "
                        "196608 positions")},
        {QStringLiteral("exaone-4.0-32b"),
         QStringLiteral("EXAONE 4.0 32B (only sliding layers rotate)"),
         QStringLiteral("LGAI-EXAONE/EXAONE-4.0-32B config.json: 3 sliding layers (window 4096, "
                        "RoPE llama3 ×16) per global NoPE layer")},
        {QStringLiteral("hunyuan-7b"), QStringLiteral("Hunyuan 7B (NTK-alpha 1000)"),
         QStringLiteral("tencent/Hunyuan-7B-Instruct config.json: type dynamic with alpha 1000, a "
                        "fixed base 10000·1000^(128/126)")},
        {QStringLiteral("ministral-3-8b"), QStringLiteral("Ministral 3 8B (YaRN + query scale)"),
         QStringLiteral("mistralai/Ministral-3-8B-Instruct-2512 config.json: yarn ×16 over 16384, "
                        "queries × 1 + 0.1·ln(1 + ⌊pos/16384⌋)")},
        {QStringLiteral("deepseek-v3.2"),
         QStringLiteral("DeepSeek-V3.2 (MLA + half-layout indexer)"),
         QStringLiteral("deepseek-ai/DeepSeek-V3.2 config.json: as DeepSeek-V3, plus the lightning "
                        "indexer rotating with the half layout")},
        {QStringLiteral("qwen2.5-vl-7b"),
         QStringLiteral("Qwen2.5-VL 7B Instruct (M-RoPE with time)"),
         QStringLiteral("Qwen/Qwen2.5-VL-7B-Instruct config.json: mrope_section [16, 24, 24], "
                        "tokens_per_second 2 on the temporal axis")},
    };
    return presets;
}

const Preset* findPreset(const QString& id) {
    for (const Preset& p : allPresets()) {
        if (p.id == id) {
            return &p;
        }
    }
    return nullptr;
}

QString presetResourcePath(const QString& id) {
    return QStringLiteral(":/presets/%1.json").arg(id);
}

ModelConfigResult loadPreset(const QString& id) {
    if (findPreset(id) == nullptr) {
        QStringList known;
        for (const Preset& p : allPresets()) {
            known << p.id;
        }
        ModelConfigResult r;
        r.errors << QStringLiteral("preset: ") + IoText::tr("unknown preset '%1' (known: %2)")
                        .arg(id, known.join(QStringLiteral(", ")));
        return r;
    }
    return loadModelConfig(presetResourcePath(id));
}

} // namespace rope::io
