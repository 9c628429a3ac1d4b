// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/presets.h"

#include <QStringList>

namespace rope::ui {

const QList<Preset>& allPresets() {
    static const QList<Preset> presets = {
        {QStringLiteral("llama-2-7b"), QStringLiteral("Llama 2 7B"),
         QStringLiteral("meta-llama/Llama-2-7b-hf config.json: rope_theta 10000, hidden 4096 / 32 "
                        "heads, 4096 positions")},
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
        r.errors << QStringLiteral("preset: unknown preset '%1' (known: %2)")
                        .arg(id, known.join(QStringLiteral(", ")));
        return r;
    }
    return loadModelConfig(presetResourcePath(id));
}

} // namespace rope::ui
