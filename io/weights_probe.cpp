// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/weights_probe.h"
#include "io/io_text.h"
#include "io/model_config.h"
#include "io/model_family.h"
#include "io/params_check.h"
#include "io/safetensors.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <numbers>
#include <optional>

namespace rope::io {

namespace {

// How Falcon's fused query_key_value is laid out (transformers' FalconAttention._split_heads).
enum class FalconLayout {
    None,       // not a Falcon config
    Grouped,    // new_decoder_architecture: per key/value group, its query heads, then k, then v
    MultiQuery, // multi_query: every query head, then the one k, then the one v
    PerHead,    // neither: per head [q, k, v], as GPT-NeoX
};

// The fields of config.json the importer does not keep: head counts and the layer count.
struct HeadCounts {
    int queryHeads = 0;
    int kvHeads = 0;
    int layers = 0;
    FalconLayout falcon = FalconLayout::None;
};

// config.json, params.json and the shard index, each read once through readBoundedFile()
// (regular files only, at most kMaxModelConfigBytes, as the config importer reads them) and
// parsed once; nullopt with \p error naming the path when the file cannot be read or is not a
// JSON object.
std::optional<QJsonObject> readJsonObject(const QString& path, QString& error) {
    QStringList errors;
    const std::optional<QByteArray> bytes =
        readBoundedFile(path, kMaxModelConfigBytes, IoText::tr("model configs"), errors);
    if (!bytes) {
        // readBoundedFile's messages carry the "(file): " field of the config importer's list.
        error = errors.join(QLatin1Char(' '));
        if (error.startsWith(QLatin1String("(file): "))) {
            error.remove(0, 8);
        }
        return std::nullopt;
    }
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        error = IoText::tr("%1: malformed JSON at %2")
                    .arg(path, jsonParseErrorText(*bytes, parseError));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        error = IoText::tr("%1: expected a JSON object").arg(path);
        return std::nullopt;
    }
    return doc.object();
}

bool readHeadCounts(const QString& path, HeadCounts& counts, QStringList& warnings,
                    QString& error) {
    const std::optional<QJsonObject> read = readJsonObject(path, error);
    if (!read) {
        return false;
    }
    QJsonObject root = *read;
    QString prefix;
    if (root.value(QLatin1String("text_config")).isObject()) {
        root = root.value(QLatin1String("text_config")).toObject();
        prefix = QStringLiteral("text_config.");
    }
    if (root.contains(QLatin1String("kv_lora_rank"))) {
        error = IoText::tr("%1kv_lora_rank: multi-head latent attention (DeepSeek) keeps RoPE in "
                           "a separate part of each head (q_b_proj, kv_a_proj_with_mqa); the "
                           "probe reads q_proj/k_proj or qkv_proj only")
                    .arg(prefix);
        return false;
    }
    const auto integer = [&](const char* key, int& out) -> bool {
        const QJsonValue v = root.value(QLatin1String(key));
        if (v.isUndefined()) {
            return false;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 1 || d > 65536 || std::floor(d) != d) {
            error = IoText::tr("%1%2: expected an integer from 1 to 65536")
                        .arg(prefix, QLatin1String(key));
            return false;
        }
        out = static_cast<int>(d);
        return true;
    };
    if (!integer("num_attention_heads", counts.queryHeads) && error.isEmpty() &&
        !integer("n_head", counts.queryHeads) && error.isEmpty()) {
        error = IoText::tr("%1num_attention_heads: missing").arg(prefix);
    }
    if (!error.isEmpty()) {
        return false;
    }
    if (root.value(QLatin1String("model_type")).toString() == QLatin1String("falcon")) {
        // FalconConfig: num_kv_heads (alias n_head_kv) defaults to the query heads, multi_query
        // to true, new_decoder_architecture to false; with multi_query (and the old
        // architecture) one key/value head serves them all.
        const bool grouped = root.value(QLatin1String("new_decoder_architecture")).toBool(false);
        if (!root.contains(QLatin1String("multi_query")) && !grouped) {
            warnings << IoText::tr("%1multi_query: missing; using true, FalconConfig's default")
                            .arg(prefix);
        }
        const bool multiQuery = root.value(QLatin1String("multi_query")).toBool(true);
        counts.falcon = grouped      ? FalconLayout::Grouped
                        : multiQuery ? FalconLayout::MultiQuery
                                     : FalconLayout::PerHead;
        counts.kvHeads = counts.queryHeads;
        if (!integer("num_kv_heads", counts.kvHeads) && error.isEmpty()) {
            integer("n_head_kv", counts.kvHeads);
        }
        if (!error.isEmpty()) {
            return false;
        }
        if (counts.falcon == FalconLayout::MultiQuery) {
            counts.kvHeads = 1;
        }
        if (!integer("num_hidden_layers", counts.layers) && error.isEmpty()) {
            integer("n_layer", counts.layers);
        }
        return error.isEmpty();
    }
    if (!integer("num_key_value_heads", counts.kvHeads)) {
        if (!error.isEmpty()) {
            return false;
        }
        // transformers' configs default the key/value heads to the query heads (no GQA).
        counts.kvHeads = counts.queryHeads;
        warnings << IoText::tr("%1num_key_value_heads: missing; using num_attention_heads (%2)")
                        .arg(prefix)
                        .arg(counts.queryHeads);
    }
    if (!integer("num_hidden_layers", counts.layers) && !error.isEmpty()) {
        return false;
    }
    if (counts.queryHeads % counts.kvHeads != 0) {
        error = IoText::tr("%1num_attention_heads (%2) is not a multiple of num_key_value_heads "
                           "(%3)")
                    .arg(prefix)
                    .arg(counts.queryHeads)
                    .arg(counts.kvHeads);
        return false;
    }
    return true;
}

// Mistral's own checkpoint folders (consolidated.safetensors) carry params.json instead of
// config.json: {"dim", "n_layers", "head_dim", "n_heads", "n_kv_heads", "rope_theta", …}, the
// arguments of mistral-inference's TransformerArgs. Its weights keep Meta's pair order: the
// reference code rotates x.reshape(..., -1, 2) as complex numbers, i.e. pairs (2i, 2i + 1) of
// each head (transformers' converter permutes wq/wk into the half layout for that reason).
bool readMistralParams(const QString& path, WeightsProbe& probe, HeadCounts& counts,
                       QString& error) {
    const std::optional<QJsonObject> read = readJsonObject(path, error);
    if (!read) {
        return false;
    }
    const QJsonObject root = *read;
    const auto integer = [&](const char* key, int& out) -> bool {
        const QJsonValue v = root.value(QLatin1String(key));
        if (v.isUndefined()) {
            return false;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 1 || d > 1'000'000 || std::floor(d) != d) {
            error = IoText::tr("%1: %2: expected a positive integer").arg(path, QLatin1String(key));
            return false;
        }
        out = static_cast<int>(d);
        return true;
    };
    int dim = 0;
    for (const auto& [key, out] : {std::pair{"n_heads", &counts.queryHeads},
                                   std::pair{"n_layers", &counts.layers}, std::pair{"dim", &dim}}) {
        if (!integer(key, *out)) {
            if (error.isEmpty()) {
                error = IoText::tr("%1: %2: missing").arg(path, QLatin1String(key));
            }
            return false;
        }
    }
    if (!integer("n_kv_heads", counts.kvHeads)) {
        if (!error.isEmpty()) {
            return false;
        }
        // transformers' converter defaults n_kv_heads to n_heads (no grouped-query attention).
        counts.kvHeads = counts.queryHeads;
        probe.warnings
            << IoText::tr("n_kv_heads: missing; using n_heads (%1)").arg(counts.queryHeads);
    }
    if (!integer("head_dim", probe.headDim)) {
        if (!error.isEmpty()) {
            return false;
        }
        if (dim % counts.queryHeads != 0) {
            error = IoText::tr("%1: head_dim: missing, and dim (%2) is not a multiple of n_heads "
                               "(%3)")
                        .arg(path)
                        .arg(dim)
                        .arg(counts.queryHeads);
            return false;
        }
        probe.headDim = dim / counts.queryHeads;
        probe.warnings
            << IoText::tr("head_dim: missing; using dim / n_heads = %1").arg(probe.headDim);
    }
    if (probe.headDim % 2 != 0) {
        error =
            IoText::tr("%1: head_dim: %2 is odd; RoPE rotates pairs").arg(path).arg(probe.headDim);
        return false;
    }
    const QJsonValue theta = root.value(QLatin1String("rope_theta"));
    if (theta.isUndefined() || theta.isNull()) {
        // mistral-inference uses `rope_theta or 1e6`; transformers' converter writes 10000 instead.
        probe.base = 1e6;
        probe.warnings << IoText::tr("rope_theta: missing; using 1000000, mistral-inference's "
                                     "default (transformers' converter assumes 10000)");
    } else if (!theta.isDouble() || !(theta.toDouble() > 1.0) || !std::isfinite(theta.toDouble())) {
        error = IoText::tr("%1: rope_theta: expected a number greater than 1").arg(path);
        return false;
    } else {
        probe.base = theta.toDouble();
    }
    for (const char* key : {"yarn", "rope_scaling", "llama_4_scaling"}) {
        if (root.contains(QLatin1String(key))) {
            probe.warnings << IoText::tr("%1: not applied; the wavelengths shown are those of "
                                         "rope_theta, the ladder the weights were trained with")
                                  .arg(QLatin1String(key));
        }
    }
    if (counts.queryHeads % counts.kvHeads != 0) {
        error = IoText::tr("%1: n_heads (%2) is not a multiple of n_kv_heads (%3)")
                    .arg(path)
                    .arg(counts.queryHeads)
                    .arg(counts.kvHeads);
        return false;
    }
    probe.rotaryDim = probe.headDim;
    probe.layout = rope::Layout::Interleaved;
    return true;
}

// Tensor name → file name from the headers of the given files of \p folder.
bool singleFiles(const QString& folder, const QStringList& names, std::map<QString, QString>& files,
                 QString& error) {
    const QDir dir(folder);
    for (const QString& n : names) {
        if (!QFileInfo::exists(dir.filePath(n))) {
            error = IoText::tr("%1: neither model.safetensors nor model.safetensors.index.json "
                               "found")
                        .arg(folder);
            return false;
        }
        std::unique_ptr<SafetensorsFile> file = SafetensorsFile::open(dir.filePath(n), error);
        if (!file) {
            return false;
        }
        for (const auto& [name, t] : file->header().tensors) {
            files[name] = n;
        }
    }
    return true;
}

// The safetensors files of a folder: tensor name → file name.
bool tensorFiles(const QString& folder, std::map<QString, QString>& files, QString& error) {
    const QDir dir(folder);
    const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    if (QFileInfo::exists(index)) {
        const std::optional<QJsonObject> read = readJsonObject(index, error);
        if (!read) {
            return false;
        }
        const QJsonValue map = read->value(QLatin1String("weight_map"));
        if (!map.isObject()) {
            error =
                IoText::tr("%1: weight_map must be an object (tensor name → file name)").arg(index);
            return false;
        }
        const QJsonObject o = map.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString file = it.value().toString();
            // A shard is a file beside the index: a path could reach outside the model folder.
            if (!it.value().isString() || file.isEmpty() || file.contains(QLatin1Char('/')) ||
                file.contains(QLatin1Char('\\')) || file == QLatin1String("..") ||
                file == QLatin1String(".")) {
                error = IoText::tr("%1: weight_map.%2 must be the name of a file in the model "
                                   "folder, got %3")
                            .arg(index, it.key(),
                                 QString::fromUtf8(
                                     QJsonDocument(QJsonObject{{QStringLiteral("v"), it.value()}})
                                         .toJson(QJsonDocument::Compact))
                                     .mid(5)
                                     .chopped(1)
                                     .left(80));
                return false;
            }
            files[it.key()] = file;
        }
        return true;
    }
    return singleFiles(folder, {QStringLiteral("model.safetensors")}, files, error);
}

// How a layer's projections are stored. The row of head h's first component, r(h), and the
// row count of the tensor, per naming scheme:
//   Separate (q_proj/k_proj, Mistral's wq/wk): r_q(h) = h·hd, r_k(g) = g·hd.
//   Phi-3 qkv_proj (rows q, then k, then v):   r_q(h) = h·hd, r_k(g) = H·hd + g·hd.
//   GPT-NeoX query_key_value (transformers views its output as [H, 3·hd] and takes q, k, v
//   from each head's block): r_q(h) = 3·hd·h, r_k(h) = 3·hd·h + hd.
//   Falcon's query_key_value (FalconLayout): grouped, with n = H/G query heads per key/value
//   group, r_q(h) = ((h / n)·(n + 2) + h mod n)·hd and r_k(g) = (g·(n + 2) + n)·hd;
//   multi-query as Phi-3 with G = 1; per head as GPT-NeoX.
enum class Scheme { Separate, MistralSeparate, PhiFused, NeoxFused, FalconFused };

struct Projection {
    QString q; // the tensor holding the query rows (the fused tensor for a fused scheme)
    QString k; // the tensor holding the key rows (empty for a fused scheme)
    Scheme scheme = Scheme::Separate;
};

bool fusedScheme(Scheme s) {
    return s == Scheme::PhiFused || s == Scheme::NeoxFused || s == Scheme::FalconFused;
}

QString schemeName(Scheme s) {
    switch (s) {
    case Scheme::Separate:
        return QStringLiteral("q_proj/k_proj");
    case Scheme::MistralSeparate:
        return QStringLiteral("wq/wk");
    case Scheme::PhiFused:
        return QStringLiteral("qkv_proj");
    case Scheme::NeoxFused:
        return QStringLiteral("query_key_value");
    case Scheme::FalconFused:
        return QStringLiteral("self_attention.query_key_value");
    }
    return {};
}

// The tensor name a layer must have under a scheme (for "not found" messages).
QString expectedName(const QString& prefix, Scheme s, int layer, bool key) {
    const QString l = QString::number(layer);
    switch (s) {
    case Scheme::Separate:
        return prefix + QStringLiteral("layers.") + l + QStringLiteral(".self_attn.") +
               (key ? QStringLiteral("k_proj.weight") : QStringLiteral("q_proj.weight"));
    case Scheme::MistralSeparate:
        return prefix + QStringLiteral("layers.") + l + QStringLiteral(".attention.") +
               (key ? QStringLiteral("wk.weight") : QStringLiteral("wq.weight"));
    case Scheme::PhiFused:
        return prefix + QStringLiteral("layers.") + l +
               QStringLiteral(".self_attn.qkv_proj.weight");
    case Scheme::NeoxFused:
        return prefix + QStringLiteral("layers.") + l +
               QStringLiteral(".attention.query_key_value.weight");
    case Scheme::FalconFused:
        return prefix + QStringLiteral("h.") + l +
               QStringLiteral(".self_attention.query_key_value.weight");
    }
    return {};
}

// The scheme a family's row names (ProjectionNaming::NotRead has none).
std::optional<Scheme> schemeOfNaming(ProjectionNaming naming) {
    switch (naming) {
    case ProjectionNaming::QkProj:
        return Scheme::Separate;
    case ProjectionNaming::QkvProj:
        return Scheme::PhiFused;
    case ProjectionNaming::NeoxQueryKeyValue:
        return Scheme::NeoxFused;
    case ProjectionNaming::FalconQueryKeyValue:
        return Scheme::FalconFused;
    case ProjectionNaming::NotRead:
        break;
    }
    return std::nullopt;
}

} // namespace

double WeightsProbe::wavelength(int pair) const {
    return 2.0 * std::numbers::pi * std::pow(base, 2.0 * pair / rotaryDim);
}

namespace {

// What a folder's settings say before any tensor is read: the probe's header (name, head size,
// rotated width, pair layout, base), the head counts, and which naming the projections have.
struct FolderSettings {
    WeightsProbe probe;
    HeadCounts counts;
    QString settingsPath;    // config.json or params.json: named in messages about the settings
    bool mistral = false;    // Mistral's own files (params.json, consolidated*.safetensors)
    QStringList consolidated; // their safetensors files
    // The naming the family's row gives (Mistral's own files: wq/wk); unset for a model type
    // with no row, whose tensors are matched against every naming.
    std::optional<Scheme> expected;
    QString familyId;
};

// Reads config.json (or Mistral's params.json) of \p folder; nullopt with \p error naming the
// file or the family the probe does not read.
std::optional<FolderSettings> readFolderSettings(const QString& folder, QString& error) {
    const QDir dir(folder);
    const QString configPath = dir.filePath(QStringLiteral("config.json"));
    const QString paramsPath = dir.filePath(QStringLiteral("params.json"));
    FolderSettings s;
    s.consolidated =
        dir.entryList({QStringLiteral("consolidated*.safetensors")}, QDir::Files, QDir::Name);
    const bool hfWeights =
        QFileInfo::exists(dir.filePath(QStringLiteral("model.safetensors"))) ||
        QFileInfo::exists(dir.filePath(QStringLiteral("model.safetensors.index.json")));
    // A Hugging Face folder (config.json and model.safetensors) wins over Mistral's files when
    // a repository ships both (Mistral's own repositories do).
    const bool hasConfig = QFileInfo::exists(configPath);
    s.mistral =
        (!hasConfig || !hfWeights) && QFileInfo::exists(paramsPath) && !s.consolidated.isEmpty();
    if (!hasConfig && !s.mistral) {
        error = IoText::tr("%1: no config.json (nor Mistral's params.json with "
                           "consolidated.safetensors)")
                    .arg(folder);
        return std::nullopt;
    }
    s.settingsPath = s.mistral ? paramsPath : configPath;
    WeightsProbe& probe = s.probe;
    if (s.mistral) {
        if (!readMistralParams(paramsPath, probe, s.counts, error)) {
            return std::nullopt;
        }
        s.expected = Scheme::MistralSeparate;
    } else {
        const ModelConfigResult config = loadModelConfig(configPath);
        for (const QString& e : config.errors) {
            if (e.startsWith(QLatin1String("(file): "))) {
                error = configPath + QStringLiteral(": ") + e.mid(8);
                return std::nullopt;
            }
            probe.warnings << e;
        }
        probe.warnings << config.warnings;
        if (!readHeadCounts(configPath, s.counts, probe.warnings, error)) {
            error =
                error.startsWith(configPath) ? error : configPath + QStringLiteral(": ") + error;
            return std::nullopt;
        }
        // The family's row says which tensors hold the projections; a model type with no row
        // is read by matching every naming the probe knows, and says so.
        if (const ModelFamily* family = familyOfModelType(config.modelType)) {
            s.expected = schemeOfNaming(family->projections);
            if (!s.expected) {
                error = IoText::tr("%1: the weights probe does not read family %2 (model_type "
                                   "%3): %4")
                            .arg(configPath, family->id, config.modelType,
                                 IoText::tr(family->projectionsNotRead));
                return std::nullopt;
            }
            s.familyId = family->id;
        } else {
            probe.warnings << IoText::tr("model_type '%1' has no row in the family table: its "
                                         "projections were found by their names alone")
                                  .arg(config.modelType);
        }
        probe.modelName = config.modelName;
        probe.headDim = config.params.headDim;
        probe.rotaryDim = config.params.effectiveRotaryDim();
        probe.layout = config.params.layout;
        probe.base = config.params.base;
    }
    probe.queryHeads = s.counts.queryHeads;
    probe.kvHeads = s.counts.kvHeads;
    if (probe.rotaryDim < 2 || probe.rotaryDim > probe.headDim) {
        error = IoText::tr("%1: rotary dimension %2 does not fit head_dim %3")
                    .arg(s.settingsPath)
                    .arg(probe.rotaryDim)
                    .arg(probe.headDim);
        return std::nullopt;
    }
    return s;
}

// Every layer's projections, keyed by tensor-name prefix and naming family (a multimodal model
// has several prefixes: its vision tower's layers too; keyed by family, a folder's two
// spellings never mix in one layer).
using ProjectionsByPrefix = std::map<std::pair<QString, int>, std::map<int, Projection>>;

// The tensors of \p files that are a layer's q/k projection under a naming the settings allow.
ProjectionsByPrefix findProjections(const std::map<QString, QString>& files,
                                    const FolderSettings& s) {
    static const QRegularExpression hfPattern(
        QStringLiteral("^(.*?)layers\\.(\\d+)\\.self_attn\\.(q_proj|k_proj|qkv_proj)\\.weight$"));
    static const QRegularExpression neoxPattern(
        QStringLiteral("^(.*?)layers\\.(\\d+)\\.attention\\.query_key_value\\.weight$"));
    static const QRegularExpression mistralPattern(
        QStringLiteral("^(.*?)layers\\.(\\d+)\\.attention\\.(wq|wk)\\.weight$"));
    static const QRegularExpression falconPattern(
        QStringLiteral("^(.*?)h\\.(\\d+)\\.self_attention\\.query_key_value\\.weight$"));
    // A tensor of another naming than the family's is not a projection of this model (a vision
    // tower's, a draft model's); Meta's wq/wk beside a config.json stay readable where the
    // family's own naming is q_proj/k_proj (convert_llama_weights_to_hf.py's input).
    const auto wanted = [&s](Scheme scheme) {
        return !s.expected || scheme == *s.expected ||
               (scheme == Scheme::MistralSeparate && *s.expected == Scheme::Separate);
    };
    ProjectionsByPrefix byPrefix;
    const auto add = [&](const QRegularExpressionMatch& m, Scheme scheme, bool key,
                         const QString& name) {
        if (!wanted(scheme)) {
            return;
        }
        bool ok = false;
        const int layer = m.captured(2).toInt(&ok);
        if (!ok || layer > 1'000'000) {
            return;
        }
        // q_proj/k_proj and qkv_proj share a family: a layer has one or the other.
        const int family = scheme == Scheme::PhiFused ? static_cast<int>(Scheme::Separate)
                                                      : static_cast<int>(scheme);
        Projection& p = byPrefix[{m.captured(1), family}][layer];
        if (key) {
            p.k = name;
        } else {
            p.q = name;
            p.scheme = scheme;
        }
    };
    for (const auto& [name, file] : files) {
        if (const QRegularExpressionMatch m = hfPattern.match(name); m.hasMatch()) {
            const QString what = m.captured(3);
            add(m, what == QLatin1String("qkv_proj") ? Scheme::PhiFused : Scheme::Separate,
                what == QLatin1String("k_proj"), name);
        } else if (const QRegularExpressionMatch n = neoxPattern.match(name); n.hasMatch()) {
            add(n, Scheme::NeoxFused, false, name);
        } else if (const QRegularExpressionMatch w = mistralPattern.match(name); w.hasMatch()) {
            add(w, Scheme::MistralSeparate, w.captured(3) == QLatin1String("wk"), name);
        } else if (const QRegularExpressionMatch f = falconPattern.match(name);
                   f.hasMatch() && s.counts.falcon != FalconLayout::None) {
            add(f, Scheme::FalconFused, false, name);
        }
    }
    return byPrefix;
}

// The message for a folder with no projection tensor at all, naming its first tensors.
QString noProjectionsMessage(const QString& folder, const std::map<QString, QString>& files,
                             const FolderSettings& s) {
    QStringList seen;
    for (const auto& [name, file] : files) {
        if (seen.size() == 5) {
            break;
        }
        seen << name;
    }
    if (!s.familyId.isEmpty()) {
        return IoText::tr("%1: family %2 names its projections like '%3'; no tensor has "
                          "such a name (the first tensors are: %4)")
            .arg(folder, s.familyId, expectedName(QString(), *s.expected, 0, false),
                 seen.join(QStringLiteral(", ")));
    }
    return IoText::tr("%1: no tensor named <prefix>layers.<i>.self_attn.q_proj.weight, "
                      "k_proj.weight or qkv_proj.weight, "
                      "<prefix>layers.<i>.attention.query_key_value.weight (GPT-NeoX), "
                      "<prefix>h.<i>.self_attention.query_key_value.weight (Falcon) or "
                      "<prefix>layers.<i>.attention.wq.weight, wk.weight (Mistral) (the "
                      "first tensors are: %2)")
        .arg(folder, seen.join(QStringLiteral(", ")));
}

QString shapeText(const SafetensorsTensor& t) {
    QStringList shape;
    for (const quint64 d : t.shape) {
        shape << QString::number(d);
    }
    return shape.join(QStringLiteral(", "));
}

// The folder's safetensors files, opened when a tensor in them is first asked for (a probe
// reads a few tensors of each shard, through memory maps).
class TensorSource {
public:
    TensorSource(const QString& folder, const std::map<QString, QString>& files, QString& error)
        : m_dir(folder), m_files(files), m_error(error) {}

    /// The tensor \p name (listed in the files), or nullptr with the error set.
    const SafetensorsTensor* tensor(const QString& name) {
        const QString& fileName = m_files.at(name);
        auto it = m_open.find(fileName);
        if (it == m_open.end()) {
            std::unique_ptr<SafetensorsFile> f =
                SafetensorsFile::open(m_dir.filePath(fileName), m_error);
            if (!f) {
                return nullptr;
            }
            it = m_open.emplace(fileName, std::move(f)).first;
        }
        const auto t = it->second->header().tensors.find(name);
        if (t == it->second->header().tensors.end()) {
            m_error = IoText::tr("%1: tensor '%2' is listed in model.safetensors.index.json but "
                                 "not in the file")
                          .arg(it->second->path(), name);
            return nullptr;
        }
        return &t->second;
    }

    /// The file holding \p name, which tensor() has opened.
    const SafetensorsFile& fileOf(const QString& name) const {
        return *m_open.at(m_files.at(name));
    }

    /// The tensor \p name if it is a readable matrix of \p rows rows, else nullptr with the
    /// error naming what the settings imply.
    const SafetensorsTensor* checked(const QString& name, quint64 rows, const HeadCounts& counts,
                                     int headDim) {
        const SafetensorsTensor* t = tensor(name);
        if (t == nullptr) {
            return nullptr;
        }
        if (!isReadableDtype(t->dtype)) {
            m_error = IoText::tr("tensor '%1' has dtype %2; the probe reads F32, F16 and BF16")
                          .arg(name, t->dtype);
            return nullptr;
        }
        if (t->shape.size() != 2 || t->shape[0] != rows || t->shape[1] == 0) {
            m_error = IoText::tr("tensor '%1' has shape [%2]; the config implies [%3, hidden "
                                 "size] (heads %4, key/value heads %5, head_dim %6)")
                          .arg(name, shapeText(*t))
                          .arg(rows)
                          .arg(counts.queryHeads)
                          .arg(counts.kvHeads)
                          .arg(headDim);
            return nullptr;
        }
        return t;
    }

private:
    QDir m_dir;
    const std::map<QString, QString>& m_files;
    QString& m_error;
    std::map<QString, std::unique_ptr<SafetensorsFile>> m_open;
};

// The row counts the settings imply: of the query tensor (the fused one for a fused scheme).
quint64 queryTensorRows(Scheme s, quint64 qRows, quint64 kRows) {
    return s == Scheme::PhiFused || s == Scheme::FalconFused ? qRows + 2 * kRows
           : s == Scheme::NeoxFused                          ? 3 * qRows
                                                             : qRows;
}

// The layers of the prefix whose first layer's query tensor has the rows the settings imply
// (the language model's, not a vision tower's); nullptr with the error set when none has.
const std::map<int, Projection>* chooseLayers(const ProjectionsByPrefix& byPrefix,
                                              TensorSource& source, const QString& folder,
                                              FolderSettings& s, QString& error) {
    const int hd = s.probe.headDim;
    const quint64 qRows = static_cast<quint64>(s.counts.queryHeads) * hd;
    const quint64 kRows = static_cast<quint64>(s.counts.kvHeads) * hd;
    for (const auto& [key, layers] : byPrefix) {
        const Projection& first = layers.begin()->second;
        if (first.q.isEmpty()) {
            continue;
        }
        const SafetensorsTensor* t = source.tensor(first.q);
        if (t == nullptr) {
            return nullptr;
        }
        if (t->shape.size() == 2 && t->shape[0] == queryTensorRows(first.scheme, qRows, kRows)) {
            s.probe.prefix = key.first;
            return &layers;
        }
    }
    const auto& [key, layers] = *byPrefix.begin();
    const Projection& first = layers.begin()->second;
    const QString name = first.q.isEmpty() ? first.k : first.q;
    const SafetensorsTensor* t = source.tensor(name);
    if (t == nullptr) {
        return nullptr;
    }
    error = IoText::tr("%1: no query projection has the %2 rows that num_attention_heads (%3) "
                       "× head_dim (%4) give; '%5' has shape [%6]")
                .arg(folder)
                .arg(qRows)
                .arg(s.counts.queryHeads)
                .arg(hd)
                .arg(name, shapeText(*t));
    return nullptr;
}

// ‖W⁽ⁱ⁾‖ for every head h and pair i: the norm of rows first(h) + r₁ and first(h) + r₂ of
// \p t, with (r₁, r₂) = (i, i + R/2) for half pairs and (2i, 2i + 1) for interleaved ones.
void pairNorms(const SafetensorsFile& file, const SafetensorsTensor& t,
               const std::function<quint64(int)>& first, int heads, int pairs,
               rope::Layout layout, std::vector<std::vector<double>>& out) {
    const quint64 cols = t.shape[1];
    std::vector<double> row(static_cast<std::size_t>(cols));
    const auto rowSquares = [&](quint64 r) {
        file.read(t, r * cols, cols, row.data());
        double sum = 0.0;
        for (const double v : row) {
            sum += v * v;
        }
        return sum;
    };
    out.assign(static_cast<std::size_t>(heads), std::vector<double>(pairs, 0.0));
    for (int h = 0; h < heads; ++h) {
        const quint64 headRow = first(h);
        for (int i = 0; i < pairs; ++i) {
            const int r1 = layout == rope::Layout::Half ? i : 2 * i;
            const int r2 = layout == rope::Layout::Half ? i + pairs : 2 * i + 1;
            out[h][i] = std::sqrt(rowSquares(headRow + r1) + rowSquares(headRow + r2));
        }
    }
}

// One layer's norms from its fused tensor (\p fused, checked), with the rows of each query and
// key head where the scheme puts them (see Scheme).
void fusedLayerNorms(const SafetensorsFile& file, const SafetensorsTensor& fused, Scheme scheme,
                     const HeadCounts& counts, int headDim, int pairs, rope::Layout layout,
                     LayerPairNorms& norms) {
    const quint64 hd = static_cast<quint64>(headDim);
    const quint64 qRows = static_cast<quint64>(counts.queryHeads) * hd;
    if (scheme == Scheme::FalconFused && counts.falcon == FalconLayout::Grouped) {
        const quint64 n = static_cast<quint64>(counts.queryHeads / counts.kvHeads);
        pairNorms(
            file, fused,
            [hd, n](int h) {
                const auto hh = static_cast<quint64>(h);
                return ((hh / n) * (n + 2) + hh % n) * hd;
            },
            counts.queryHeads, pairs, layout, norms.q);
        pairNorms(
            file, fused, [hd, n](int g) { return (static_cast<quint64>(g) * (n + 2) + n) * hd; },
            counts.kvHeads, pairs, layout, norms.k);
    } else if (scheme == Scheme::NeoxFused ||
               (scheme == Scheme::FalconFused && counts.falcon == FalconLayout::PerHead)) {
        pairNorms(
            file, fused, [hd](int h) { return 3 * hd * h; }, counts.queryHeads, pairs, layout,
            norms.q);
        pairNorms(
            file, fused, [hd](int h) { return 3 * hd * h + hd; }, counts.kvHeads, pairs, layout,
            norms.k);
    } else {
        pairNorms(
            file, fused, [hd](int h) { return static_cast<quint64>(h) * hd; }, counts.queryHeads,
            pairs, layout, norms.q);
        pairNorms(
            file, fused, [hd, qRows](int g) { return qRows + static_cast<quint64>(g) * hd; },
            counts.kvHeads, pairs, layout, norms.k);
    }
}

// Refuses what the chosen layers and the settings cannot both be: a per-head [q, k, v] tensor
// with fewer key heads than query heads, a layer past num_hidden_layers. Returns the layer
// count (num_hidden_layers, or the weights' when the config has none: a warning).
std::optional<int> checkLayers(const std::map<int, Projection>& layers, Scheme scheme,
                               const QString& folder, FolderSettings& s, QString& error) {
    const HeadCounts& counts = s.counts;
    if ((scheme == Scheme::NeoxFused ||
         (scheme == Scheme::FalconFused && counts.falcon == FalconLayout::PerHead)) &&
        counts.kvHeads != counts.queryHeads) {
        error = IoText::tr("%1: a query_key_value laid out per head as [q, k, v] (GPT-NeoX, "
                           "Falcon without multi_query) holds one key head per query head, but "
                           "the config gives %2 query heads and %3 key/value heads")
                    .arg(s.settingsPath)
                    .arg(counts.queryHeads)
                    .arg(counts.kvHeads);
        return std::nullopt;
    }
    if (scheme == Scheme::MistralSeparate && !s.mistral) {
        // Meta/Mistral-named tensors beside a config.json: their order is the reference code's.
        s.probe.layout = rope::Layout::Interleaved;
        s.probe.warnings << IoText::tr("wq/wk: Meta's tensor names; reading the pairs as (2i, "
                                       "2i + 1), the reference code's order");
    }
    const int layerCount = counts.layers > 0 ? counts.layers : layers.rbegin()->first + 1;
    if (counts.layers == 0) {
        s.probe.warnings
            << IoText::tr("num_hidden_layers: missing; %1 layers found in the weights")
                   .arg(layerCount);
    }
    for (const auto& [index, p] : layers) {
        if (index >= layerCount) {
            error = IoText::tr("%1: tensor '%2' belongs to layer %3, but num_hidden_layers is %4")
                        .arg(folder, p.q.isEmpty() ? p.k : p.q)
                        .arg(index)
                        .arg(layerCount);
            return std::nullopt;
        }
    }
    return layerCount;
}

} // namespace

std::optional<WeightsProbe> probeModelFolder(const QString& folder, QString& error,
                                             const WeightsProgress& progress) {
    error.clear();
    std::optional<FolderSettings> settings = readFolderSettings(folder, error);
    if (!settings) {
        return std::nullopt;
    }
    FolderSettings& s = *settings;
    std::map<QString, QString> files;
    if (s.mistral ? !singleFiles(folder, s.consolidated, files, error)
                  : !tensorFiles(folder, files, error)) {
        return std::nullopt;
    }
    const ProjectionsByPrefix byPrefix = findProjections(files, s);
    if (byPrefix.empty()) {
        error = noProjectionsMessage(folder, files, s);
        return std::nullopt;
    }
    TensorSource source(folder, files, error);
    const std::map<int, Projection>* chosen = chooseLayers(byPrefix, source, folder, s, error);
    if (chosen == nullptr) {
        return std::nullopt;
    }
    const std::map<int, Projection>& layers = *chosen;
    const Scheme scheme = layers.begin()->second.scheme;
    const std::optional<int> layerCount = checkLayers(layers, scheme, folder, s, error);
    if (!layerCount) {
        return std::nullopt;
    }
    WeightsProbe& probe = s.probe;
    probe.naming = schemeName(scheme);
    const int hd = probe.headDim;
    const quint64 qRows = static_cast<quint64>(s.counts.queryHeads) * hd;
    const quint64 kRows = static_cast<quint64>(s.counts.kvHeads) * hd;
    const int pairs = probe.rotaryDim / 2;
    const bool fused = fusedScheme(scheme);
    const int total = fused ? *layerCount : 2 * *layerCount;
    int done = 0;
    const quint64 hd64 = static_cast<quint64>(hd);
    const auto stacked = [hd64](int h) { return static_cast<quint64>(h) * hd64; };
    for (int l = 0; l < *layerCount; ++l) {
        const auto it = layers.find(l);
        if (it == layers.end() || it->second.q.isEmpty() || it->second.scheme != scheme ||
            (!fused && it->second.k.isEmpty())) {
            const bool key = it != layers.end() && !it->second.q.isEmpty() &&
                             it->second.scheme == scheme;
            error = IoText::tr("%1: tensor '%2' not found (layer %3 of %4)")
                        .arg(folder, expectedName(probe.prefix, scheme, l, key))
                        .arg(l)
                        .arg(*layerCount);
            return std::nullopt;
        }
        const Projection& p = it->second;
        LayerPairNorms norms;
        norms.index = l;
        if (fused) {
            const SafetensorsTensor* t =
                source.checked(p.q, queryTensorRows(scheme, qRows, kRows), s.counts, hd);
            if (t == nullptr) {
                return std::nullopt;
            }
            fusedLayerNorms(source.fileOf(p.q), *t, scheme, s.counts, hd, pairs, probe.layout,
                            norms);
            ++done;
        } else {
            const SafetensorsTensor* tq = source.checked(p.q, qRows, s.counts, hd);
            if (tq == nullptr) {
                return std::nullopt;
            }
            pairNorms(source.fileOf(p.q), *tq, stacked, s.counts.queryHeads, pairs, probe.layout,
                      norms.q);
            if (progress && !progress(++done, total)) {
                error = IoText::tr("cancelled");
                return std::nullopt;
            }
            const SafetensorsTensor* tk = source.checked(p.k, kRows, s.counts, hd);
            if (tk == nullptr) {
                return std::nullopt;
            }
            pairNorms(source.fileOf(p.k), *tk, stacked, s.counts.kvHeads, pairs, probe.layout,
                      norms.k);
            ++done;
        }
        probe.layers.push_back(std::move(norms));
        if (progress && !progress(done, total)) {
            error = IoText::tr("cancelled");
            return std::nullopt;
        }
    }
    return std::move(probe);
}

namespace {

// The cache key: the folder and the modification times of every file the probe reads.
QString probeKey(const QString& folder) {
    const QDir dir(folder);
    QString key = dir.absolutePath();
    const QStringList names = dir.entryList(
        {QStringLiteral("*.json"), QStringLiteral("*.safetensors")}, QDir::Files, QDir::Name);
    for (const QString& n : names) {
        const QFileInfo info(dir.filePath(n));
        key += QLatin1Char('\n') + n + QLatin1Char(' ') +
               QString::number(info.lastModified().toMSecsSinceEpoch()) + QLatin1Char(' ') +
               QString::number(info.size());
    }
    return key;
}

} // namespace

std::shared_ptr<const WeightsProbe> cachedWeightsProbe(const QString& folder, QString& error,
                                                       const WeightsProgress& progress) {
    static std::mutex mutex;
    static std::map<QString, std::shared_ptr<const WeightsProbe>> cache;
    const QString key = probeKey(folder);
    {
        const std::lock_guard lock(mutex);
        const auto it = cache.find(key);
        if (it != cache.end()) {
            return it->second;
        }
    }
    std::optional<WeightsProbe> probe = probeModelFolder(folder, error, progress);
    if (!probe) {
        return nullptr;
    }
    auto shared = std::make_shared<const WeightsProbe>(std::move(*probe));
    const std::lock_guard lock(mutex);
    // A handful of models at most are compared in one session; the table of a 7 B model is a
    // few hundred KiB.
    if (cache.size() >= 8) {
        cache.erase(cache.begin());
    }
    cache[key] = shared;
    return shared;
}

QString syntheticWeightsFolder() {
    return QStringLiteral(":/weights/synthetic");
}

QString huggingFaceHubFolder() {
    const QString hub = qEnvironmentVariable("HF_HUB_CACHE");
    if (!hub.isEmpty()) {
        return hub;
    }
    const QString home = qEnvironmentVariable("HF_HOME");
    if (!home.isEmpty()) {
        return QDir(home).filePath(QStringLiteral("hub"));
    }
    return QDir::home().filePath(QStringLiteral(".cache/huggingface/hub"));
}

std::vector<HfCacheModel> huggingFaceCacheModels(const QString& hubFolder) {
    std::vector<HfCacheModel> out;
    const QDir hub(hubFolder);
    const QStringList repos =
        hub.entryList({QStringLiteral("models--*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& repo : repos) {
        const QDir snapshots(hub.filePath(repo + QStringLiteral("/snapshots")));
        const QStringList revisions =
            snapshots.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString& rev : revisions) {
            const QDir snap(snapshots.filePath(rev));
            const bool hf = (snap.exists(QStringLiteral("model.safetensors")) ||
                             snap.exists(QStringLiteral("model.safetensors.index.json"))) &&
                            snap.exists(QStringLiteral("config.json"));
            // Mistral's own layout: params.json and consolidated.safetensors.
            const bool mistral =
                snap.exists(QStringLiteral("params.json")) &&
                !snap.entryList({QStringLiteral("consolidated*.safetensors")}, QDir::Files)
                     .isEmpty();
            if (!hf && !mistral) {
                continue;
            }
            // models--org--name: "--" separates the parts (huggingface_hub's folder naming).
            QString name = repo.mid(8);
            name.replace(QStringLiteral("--"), QStringLiteral("/"));
            out.push_back({name, snap.absolutePath(), rev});
        }
    }
    return out;
}

} // namespace rope::io
