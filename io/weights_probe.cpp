// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/weights_probe.h"
#include "io/io_text.h"
#include "io/model_config.h"
#include "io/safetensors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <map>
#include <mutex>
#include <numbers>

namespace rope::ui {

namespace {

// The fields of config.json the importer does not keep: head counts and the layer count.
struct HeadCounts {
    int queryHeads = 0;
    int kvHeads = 0;
    int layers = 0;
};

bool readHeadCounts(const QString& path, HeadCounts& counts, QStringList& warnings,
                    QString& error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = IoText::tr("%1: cannot open: %2").arg(path, f.errorString());
        return false;
    }
    if (f.size() > kMaxModelConfigBytes) {
        error = IoText::tr("%1: larger than %2 bytes").arg(path).arg(kMaxModelConfigBytes);
        return false;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    QJsonObject root = doc.object();
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

// The safetensors files of a folder: tensor name → file name.
bool tensorFiles(const QString& folder, std::map<QString, QString>& files, QString& error) {
    const QDir dir(folder);
    const QString index = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    if (QFileInfo::exists(index)) {
        QFile f(index);
        if (!f.open(QIODevice::ReadOnly)) {
            error = IoText::tr("%1: cannot open: %2").arg(index, f.errorString());
            return false;
        }
        if (f.size() > kMaxModelConfigBytes) {
            error = IoText::tr("%1: larger than %2 bytes").arg(index).arg(kMaxModelConfigBytes);
            return false;
        }
        QJsonParseError parseError{};
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            error = IoText::tr("%1: malformed JSON at byte %2: %3")
                        .arg(index)
                        .arg(parseError.offset)
                        .arg(parseError.errorString());
            return false;
        }
        const QJsonValue map = doc.object().value(QLatin1String("weight_map"));
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
    const QString single = QStringLiteral("model.safetensors");
    if (!QFileInfo::exists(dir.filePath(single))) {
        error = IoText::tr("%1: neither model.safetensors nor model.safetensors.index.json found")
                    .arg(folder);
        return false;
    }
    std::unique_ptr<SafetensorsFile> file = SafetensorsFile::open(dir.filePath(single), error);
    if (!file) {
        return false;
    }
    for (const auto& [name, t] : file->header().tensors) {
        files[name] = single;
    }
    return true;
}

struct Projection {
    QString q; // q_proj or qkv_proj tensor name
    QString k; // k_proj tensor name; empty with qkv_proj
};

} // namespace

double WeightsProbe::wavelength(int pair) const {
    return 2.0 * std::numbers::pi * std::pow(base, 2.0 * pair / rotaryDim);
}

std::optional<WeightsProbe> probeModelFolder(const QString& folder, QString& error,
                                             const WeightsProgress& progress) {
    error.clear();
    const QDir dir(folder);
    const QString configPath = dir.filePath(QStringLiteral("config.json"));
    if (!QFileInfo::exists(configPath)) {
        error = IoText::tr("%1: no config.json").arg(folder);
        return std::nullopt;
    }
    WeightsProbe probe;
    const ModelConfigResult config = loadModelConfig(configPath);
    for (const QString& e : config.errors) {
        if (e.startsWith(QLatin1String("(file): "))) {
            error = configPath + QStringLiteral(": ") + e.mid(8);
            return std::nullopt;
        }
        probe.warnings << e;
    }
    probe.warnings << config.warnings;
    HeadCounts counts;
    if (!readHeadCounts(configPath, counts, probe.warnings, error)) {
        error = error.startsWith(configPath) ? error : configPath + QStringLiteral(": ") + error;
        return std::nullopt;
    }
    probe.modelName = config.modelName;
    probe.headDim = config.params.headDim;
    probe.rotaryDim = config.params.effectiveRotaryDim();
    probe.layout = config.params.layout;
    probe.base = config.params.base;
    probe.queryHeads = counts.queryHeads;
    probe.kvHeads = counts.kvHeads;
    if (probe.rotaryDim < 2 || probe.rotaryDim > probe.headDim) {
        error = IoText::tr("%1: rotary dimension %2 does not fit head_dim %3")
                    .arg(configPath)
                    .arg(probe.rotaryDim)
                    .arg(probe.headDim);
        return std::nullopt;
    }

    std::map<QString, QString> files;
    if (!tensorFiles(folder, files, error)) {
        return std::nullopt;
    }
    // Every "<prefix>layers.<i>.self_attn.<q_proj|k_proj|qkv_proj>.weight"; a multimodal model
    // has several prefixes (its vision tower's layers too): the language model's is the one
    // whose layers have the config's query rows.
    static const QRegularExpression pattern(
        QStringLiteral("^(.*?)layers\\.(\\d+)\\.self_attn\\.(q_proj|k_proj|qkv_proj)\\.weight$"));
    std::map<QString, std::map<int, Projection>> byPrefix;
    for (const auto& [name, file] : files) {
        const QRegularExpressionMatch m = pattern.match(name);
        if (!m.hasMatch()) {
            continue;
        }
        bool ok = false;
        const int layer = m.captured(2).toInt(&ok);
        if (!ok || layer > 1'000'000) {
            continue;
        }
        Projection& p = byPrefix[m.captured(1)][layer];
        if (m.captured(3) == QLatin1String("k_proj")) {
            p.k = name;
        } else {
            p.q = name;
        }
    }
    if (byPrefix.empty()) {
        QStringList seen;
        for (const auto& [name, file] : files) {
            if (seen.size() == 5) {
                break;
            }
            seen << name;
        }
        error = IoText::tr("%1: no tensor named <prefix>layers.<i>.self_attn.q_proj.weight, "
                           "k_proj.weight or qkv_proj.weight (the first tensors are: %2)")
                    .arg(folder, seen.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    std::map<QString, std::unique_ptr<SafetensorsFile>> open;
    const auto tensor = [&](const QString& name) -> const SafetensorsTensor* {
        const QString& fileName = files.at(name);
        auto it = open.find(fileName);
        if (it == open.end()) {
            std::unique_ptr<SafetensorsFile> f =
                SafetensorsFile::open(dir.filePath(fileName), error);
            if (!f) {
                return nullptr;
            }
            it = open.emplace(fileName, std::move(f)).first;
        }
        const auto t = it->second->header().tensors.find(name);
        if (t == it->second->header().tensors.end()) {
            error = IoText::tr("%1: tensor '%2' is listed in model.safetensors.index.json but "
                               "not in the file")
                        .arg(it->second->path(), name);
            return nullptr;
        }
        return &t->second;
    };
    const auto fileOf = [&](const QString& name) -> const SafetensorsFile& {
        return *open.at(files.at(name));
    };

    const int hd = probe.headDim;
    const quint64 qRows = static_cast<quint64>(counts.queryHeads) * hd;
    const quint64 kRows = static_cast<quint64>(counts.kvHeads) * hd;
    // Choose the prefix whose first layer's query tensor has the rows the config implies.
    QString chosen;
    for (const auto& [prefix, layers] : byPrefix) {
        const Projection& first = layers.begin()->second;
        if (first.q.isEmpty()) {
            continue;
        }
        const SafetensorsTensor* t = tensor(first.q);
        if (t == nullptr) {
            return std::nullopt;
        }
        const bool fused = first.k.isEmpty();
        const quint64 rows = fused ? qRows + 2 * kRows : qRows;
        if (t->shape.size() == 2 && t->shape[0] == rows) {
            chosen = prefix;
            break;
        }
    }
    if (chosen.isNull()) {
        const auto& [prefix, layers] = *byPrefix.begin();
        const Projection& first = layers.begin()->second;
        const QString name = first.q.isEmpty() ? first.k : first.q;
        const SafetensorsTensor* t = tensor(name);
        if (t == nullptr) {
            return std::nullopt;
        }
        QStringList shape;
        for (const quint64 d : t->shape) {
            shape << QString::number(d);
        }
        error = IoText::tr("%1: no query projection has the %2 rows that num_attention_heads (%3) "
                           "× head_dim (%4) give; '%5' has shape [%6]")
                    .arg(folder)
                    .arg(qRows)
                    .arg(counts.queryHeads)
                    .arg(hd)
                    .arg(name, shape.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    probe.prefix = chosen;
    const std::map<int, Projection>& layers = byPrefix.at(chosen);
    const int layerCount = counts.layers > 0 ? counts.layers : layers.rbegin()->first + 1;
    if (counts.layers == 0) {
        probe.warnings << IoText::tr("num_hidden_layers: missing; %1 layers found in the weights")
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
    const bool fused = layers.begin()->second.k.isEmpty();
    probe.naming = fused ? QStringLiteral("qkv_proj") : QStringLiteral("q_proj/k_proj");
    const int pairs = probe.rotaryDim / 2;
    const int total = fused ? layerCount : 2 * layerCount;
    int done = 0;

    // Norms of the rows [offset + h·hd + r₁, offset + h·hd + r₂] for every head and pair.
    const auto pairNorms = [&](const QString& name, const SafetensorsTensor& t, quint64 offset,
                               int heads, std::vector<std::vector<double>>& out) {
        const quint64 cols = t.shape[1];
        std::vector<double> row(static_cast<std::size_t>(cols));
        const auto rowSquares = [&](quint64 r) {
            fileOf(name).read(t, r * cols, cols, row.data());
            double s = 0.0;
            for (const double v : row) {
                s += v * v;
            }
            return s;
        };
        out.assign(static_cast<std::size_t>(heads), std::vector<double>(pairs, 0.0));
        for (int h = 0; h < heads; ++h) {
            const quint64 headRow = offset + static_cast<quint64>(h) * hd;
            for (int i = 0; i < pairs; ++i) {
                const int r1 = probe.layout == rope::Layout::Half ? i : 2 * i;
                const int r2 = probe.layout == rope::Layout::Half ? i + pairs : 2 * i + 1;
                out[h][i] = std::sqrt(rowSquares(headRow + r1) + rowSquares(headRow + r2));
            }
        }
    };
    const auto checked = [&](const QString& name, quint64 rows) -> const SafetensorsTensor* {
        const SafetensorsTensor* t = tensor(name);
        if (t == nullptr) {
            return nullptr;
        }
        if (!isReadableDtype(t->dtype)) {
            error = IoText::tr("tensor '%1' has dtype %2; the probe reads F32, F16 and BF16")
                        .arg(name, t->dtype);
            return nullptr;
        }
        if (t->shape.size() != 2 || t->shape[0] != rows || t->shape[1] == 0) {
            QStringList shape;
            for (const quint64 d : t->shape) {
                shape << QString::number(d);
            }
            error = IoText::tr("tensor '%1' has shape [%2]; the config implies [%3, hidden size] "
                               "(heads %4, key/value heads %5, head_dim %6)")
                        .arg(name, shape.join(QStringLiteral(", ")))
                        .arg(rows)
                        .arg(counts.queryHeads)
                        .arg(counts.kvHeads)
                        .arg(hd);
            return nullptr;
        }
        return t;
    };
    for (int l = 0; l < layerCount; ++l) {
        const auto it = layers.find(l);
        const QString base = chosen + QStringLiteral("layers.%1.self_attn.").arg(l);
        if (it == layers.end() || it->second.q.isEmpty()) {
            error = IoText::tr("%1: tensor '%2' not found (layer %3 of %4)")
                        .arg(folder, base + (fused ? QStringLiteral("qkv_proj.weight")
                                                   : QStringLiteral("q_proj.weight")))
                        .arg(l)
                        .arg(layerCount);
            return std::nullopt;
        }
        if (!fused && it->second.k.isEmpty()) {
            error = IoText::tr("%1: tensor '%2' not found (layer %3 of %4)")
                        .arg(folder, base + QStringLiteral("k_proj.weight"))
                        .arg(l)
                        .arg(layerCount);
            return std::nullopt;
        }
        LayerPairNorms norms;
        norms.index = l;
        if (fused) {
            const SafetensorsTensor* t = checked(it->second.q, qRows + 2 * kRows);
            if (t == nullptr) {
                return std::nullopt;
            }
            pairNorms(it->second.q, *t, 0, counts.queryHeads, norms.q);
            pairNorms(it->second.q, *t, qRows, counts.kvHeads, norms.k);
            ++done;
        } else {
            const SafetensorsTensor* tq = checked(it->second.q, qRows);
            if (tq == nullptr) {
                return std::nullopt;
            }
            pairNorms(it->second.q, *tq, 0, counts.queryHeads, norms.q);
            if (progress && !progress(++done, total)) {
                error = IoText::tr("cancelled");
                return std::nullopt;
            }
            const SafetensorsTensor* tk = checked(it->second.k, kRows);
            if (tk == nullptr) {
                return std::nullopt;
            }
            pairNorms(it->second.k, *tk, 0, counts.kvHeads, norms.k);
            ++done;
        }
        probe.layers.push_back(std::move(norms));
        if (progress && !progress(done, total)) {
            error = IoText::tr("cancelled");
            return std::nullopt;
        }
    }
    return probe;
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
            const bool weights = snap.exists(QStringLiteral("model.safetensors")) ||
                                 snap.exists(QStringLiteral("model.safetensors.index.json"));
            if (!weights || !snap.exists(QStringLiteral("config.json"))) {
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

} // namespace rope::ui
