// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <vector>

/// \file model_family.h
/// One row per model family: how Hugging Face transformers names it (`model_type`), how
/// llama.cpp names it (GGUF `general.architecture`) and rotates it, and the per-architecture
/// defaults llama.cpp's loader applies when the GGUF omits a key. The config importer, the GGUF
/// reader and `translate` look families up here; a family not in the table is an error naming
/// it, never a silent "llama".
///
/// The llama.cpp columns follow llama.cpp's src/llama-model.cpp (`llama_model::load_hparams`,
/// `llama_model_rope_type`) and src/llama-hparams.cpp (`set_swa_pattern`) at commit
/// 00342301d01add50835550e8a916f12097d94517 (ggml-org/llama.cpp, autumn 2025), and
/// convert_hf_to_gguf.py's model classes of the same period. Rows that llama.cpp gained after
/// that commit (qwen3vl, mistral3, minimax-m2, gemma4, qwen35, qwen35moe) say so in their note.

namespace rope::io {

/// \brief How llama.cpp's graph rotates a head (`llama_rope_type`).
enum class LlamaRopeType {
    None,   ///< LLAMA_ROPE_TYPE_NONE: no RoPE (or no graph builder).
    Norm,   ///< LLAMA_ROPE_TYPE_NORM: adjacent pairs (x0, x1), (x2, x3), …
    Neox,   ///< LLAMA_ROPE_TYPE_NEOX: pairs (x_i, x_{i+n_rot/2}).
    Mrope,  ///< LLAMA_ROPE_TYPE_MROPE: NEOX pairs in [t, h, w, e] sections.
    Imrope, ///< LLAMA_ROPE_TYPE_IMROPE: sections interleaved pair by pair (t, h, w, t, …).
    Vision, ///< LLAMA_ROPE_TYPE_VISION: 2-D rotation of vision encoders.
};

/// \brief Attention mask of llama.cpp's sliding layers (`llama_swa_type`).
enum class LlamaSwaType {
    None,     ///< every layer attends to the whole context
    Standard, ///< a layer sees the last n_swa positions (HF "sliding_attention")
    Chunked,  ///< a layer sees its own chunk of n_swa positions (HF "chunked_attention")
};

/// \brief What llama.cpp's `load_hparams` does for an architecture when keys are absent.
///
/// Layer il is a sliding layer iff `swaPeriod > 0` and il mod swaPeriod < swaPeriod − 1
/// (`set_swa_pattern(n)`: every n-th layer, counted from 1, is full attention).
struct LlamaCppDefaults {
    LlamaSwaType swaType = LlamaSwaType::None;
    /// set_swa_pattern's n; 0: no default pattern.
    int swaPeriod = 0;
    /// n_swa when `{arch}.attention.sliding_window` is absent; 0: the key is required or there
    /// is no default.
    long long defaultWindow = 0;
    /// The pattern applies only when the file's sliding_window is positive (olmo2).
    bool swaOnlyWithWindowKey = false;
    /// The pattern applies only for this block count (exaone4: the 32B's 64 layers); 0: any.
    int swaOnlyForBlockCount = 0;
    /// llama.cpp reads `sliding_window` but turns SWA off (phi3, PR 13676): all layers full.
    bool swaDisabled = false;
    /// Only sliding layers rotate; the full-attention layers have no positions (cohere2,
    /// exaone4 with SWA).
    bool ropeOnlySlidingLayers = false;
    /// Layer il is linear (recurrent) attention without RoPE iff (il + 1) mod n ≠ 0 (qwen3next;
    /// 0: none). llama.cpp at the commit read hard-codes 4.
    int recurrentPeriod = 0;
    /// The loader reads the period from `{arch}.full_attention_interval`, recurrentPeriod being
    /// its default (qwen35: `ml.get_key(LLM_KV_FULL_ATTENTION_INTERVAL, …, false)`); false: the
    /// period is fixed whatever the file says (qwen3next at the commit read).
    bool recurrentPeriodFromKey = false;
    /// `{arch}.block_count` counts `nextn_predict_layers` multi-token-prediction blocks after
    /// the main stack; the graph runs only the first block_count − nextn layers (glm4moe).
    bool blockCountIncludesNextn = false;
    /// Layer il has no RoPE iff (il + 1) mod n = 0 (`n_no_rope_layer_step`: llama4, smollm3);
    /// 0: every layer rotates.
    int noRopeLayerStep = 0;
    /// Full-attention and sliding layers have their own head size, rotated width and base
    /// (`key_length`/`key_length_swa`, `rope.dimension_count`/`_swa`, `rope.freq_base`/`_swa`),
    /// and the full layers' `rope_freqs` encodes p-RoPE: 1 for a rotated pair, 1e30 for a pair
    /// llama.cpp's θ_i / 1e30 leaves still (gemma4).
    bool perLayerTypeRope = false;
    /// load_hparams reads the YaRN knobs `{arch}.rope.scaling.yarn_ext_factor`,
    /// `yarn_attn_factor`, `yarn_beta_fast` and `yarn_beta_slow` into hparams. At the commit read
    /// only the LLM_ARCH_GROK branch does (no row of this table); every other architecture keeps
    /// llama-hparams.h's defaults — ext_factor −1 (YaRN mixing on iff the type is yarn),
    /// yarn_attn_factor 1, beta_fast 32, beta_slow 1 — whatever the file carries, and
    /// llama-context.cpp takes them unless a flag (--yarn-beta-fast, …) overrides them. Where
    /// the keys are read, yarn_attn_factor still counts only with YaRN off: with YaRN on,
    /// llama-context.cpp recomputes it from the factor (PR 17945).
    bool readsYarnKnobs = false;
};

/// llama-hparams.h's YaRN defaults, which an architecture that does not read the GGUF keys
/// (LlamaCppDefaults::readsYarnKnobs) runs with.
inline constexpr double kLlamaCppYarnBetaFast = 32.0;
inline constexpr double kLlamaCppYarnBetaSlow = 1.0;
inline constexpr double kLlamaCppYarnAttnFactor = 1.0;

/// \brief How a family's published safetensors name each layer's query and key projections:
/// the tensors the weights probe reads (io/weights_probe.cpp).
enum class ProjectionNaming {
    /// `<prefix>layers.<i>.self_attn.q_proj.weight` and `k_proj.weight`, one head after another.
    QkProj,
    /// `<prefix>layers.<i>.self_attn.qkv_proj.weight`: the query rows, then the key rows, then
    /// the value rows (Phi-3).
    QkvProj,
    /// `<prefix>layers.<i>.attention.query_key_value.weight`, per head [q, k, v] (GPT-NeoX).
    NeoxQueryKeyValue,
    /// `<prefix>h.<i>.self_attention.query_key_value.weight` in one of Falcon's three layouts,
    /// told apart by the config's multi_query and new_decoder_architecture.
    FalconQueryKeyValue,
    /// Weights the probe does not read; ModelFamily::projectionsNotRead says why.
    NotRead,
};

/// \brief One model family.
struct ModelFamily {
    /// Stable kebab-case id ("gpt-oss", "command-r7b").
    QString id{};
    /// Hugging Face model_type values; the first is the one a GGUF of this family reads as (the
    /// text model's type when transformers nests it: "gemma3_text", "llama4_text").
    QStringList hfModelTypes{};
    /// GGUF general.architecture (= llama.cpp's arch name, the prefix of its keys); empty when
    /// llama.cpp has no architecture for the family.
    QString llamaCppArch{};
    /// llama_model_rope_type for the architecture.
    LlamaRopeType llamaRope = LlamaRopeType::Neox;
    /// The pairs transformers rotates on the published weights (what the explorer shows).
    /// llama.cpp's NORM for "llama" rotates adjacent pairs only because the converter permutes
    /// the q/k rows; on the original weights that is rotate-half.
    Layout pairLayout = Layout::Half;
    /// llama.cpp's per-architecture defaults for absent keys.
    LlamaCppDefaults llamaCpp{};
    /// The config.json key of the sliding window and of the chunk ("" when the family has none).
    QString slidingWindowKey{};
    QString chunkKey{};
    /// The q/k projection tensors of the published weights (the weights probe reads them).
    ProjectionNaming projections = ProjectionNaming::QkProj;
    /// Why the probe does not read them (ProjectionNaming::NotRead), untranslated: messages pass
    /// it through IoText::tr (QT_TRANSLATE_NOOP in the table).
    const char* projectionsNotRead = nullptr;
    /// Anything a reader of the row must know (versions, departures).
    QString note{};
};

/// \brief Every family the explorer knows, in a fixed order.
const std::vector<ModelFamily>& modelFamilies();

/// \brief The family whose hfModelTypes contains \p modelType, or nullptr.
const ModelFamily* familyOfModelType(const QString& modelType);

/// \brief Whether \p modelType belongs to one of the families \p ids (ModelFamily::id).
bool isFamily(const QString& modelType, std::initializer_list<const char*> ids);

/// \brief The family whose llamaCppArch is \p arch, or nullptr.
const ModelFamily* familyOfLlamaCppArch(const QString& arch);

/// \brief "llama, qwen2, …": the known llama.cpp architectures, for messages.
QString knownLlamaCppArchs();

/// \brief llama_rope_type's name ("NORM", "NEOX", "MROPE", "IMROPE", "VISION", "NONE").
QString llamaRopeTypeName(LlamaRopeType type);

/// \brief llama.cpp's `set_swa_pattern(period)`: true for the sliding layers of \p layers.
std::vector<bool> llamaCppSwaLayers(int layers, int period);

} // namespace rope::io
