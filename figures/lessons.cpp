// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/lessons.h"

#include "core/base_bound.h"
#include "core/frequencies.h"
#include "core/heatmap.h"
#include "core/model_layers.h"
#include "core/precision.h"
#include "core/research_rules.h"

#include <QFile>
#include <QHash>
#include <QLocale>
#include <QMutex>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace rope::figures {

namespace {

// A number rounded to \p digits significant digits with English digit grouping: lessons speak
// of magnitudes ("about 54,000"), not of the last digit.
QString rounded(double v, int digits) {
    const double scale = std::pow(10.0, std::floor(std::log10(std::abs(v))) - digits + 1);
    return QLocale(QLocale::English)
        .toString(std::round(v / scale) * scale, 'f',
                  scale < 1 ? static_cast<int>(-std::log10(scale)) : 0);
}

QString readResource(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QString::fromUtf8(file.readAll());
}

} // namespace

namespace {

// A share in per cent, rounded to a whole number ("49 %", kept on one line).
QString percent(double share) {
    return QStringLiteral("%1\u00A0%").arg(std::lround(100.0 * share));
}

// Digits grouped by a no-break space ("630 000"), as the lessons write numbers in prose: a
// comma would read as the end of a clause in "≈ 2,970, so …".
QString spaced(const QString& grouped) {
    QString out = grouped;
    return out.replace(QLatin1Char(','), QChar(0x00A0));
}

QString minimalBaseText(long long context, int dim) {
    const rope::MinimalBase b = rope::minimalBase(context, dim); // memoised with the value
    return b.found ? spaced(rounded(b.base, 3)) : QStringLiteral("—");
}

QString distanceText(std::optional<long long> m) {
    return m ? spaced(QLocale(QLocale::English).toString(*m)) : QStringLiteral("—");
}

// b = 10⁴, d = 128: the ladder most lessons quote.
Eigen::ArrayXd defaultLadder() {
    return rope::inverseFrequencies(128, 10000.0);
}

// The most a heatmap column keeps of its contrast at 600 pixel rows over positions 0…4095
// (≈ 6.8 positions a row): a row shows the mean of cos over its run, of amplitude
// |sin(Nθ/2) / (N sin(θ/2))| ≤ 1, so the largest |value| in the column is the contrast left.
QString heatmapContrast(int pair) {
    const Eigen::ArrayXXd image =
        rope::phaseHeatmap(defaultLadder(), 0, 4095, 600, rope::PhaseQuantity::Cos);
    return percent(image.col(pair).abs().maxCoeff());
}

struct LessonValue {
    const char* name;
    QString (*compute)();
};

// Every named number, computed only when a lesson asks for it: the b* searches take up to
// seconds, and a lesson should not wait for numbers only another lesson uses.
const std::vector<LessonValue>& lessonValueTable() {
    static const std::vector<LessonValue> table = {
        // Slowest pair's wavelength 2π/θ_{d/2−1} = 2π·b^((d−2)/d) at b = 10⁴, d = 128.
        {"heatmap.slowest-wavelength",
         [] { return rounded(rope::wavelengths(defaultLadder()).maxCoeff(), 2); }},
        // Liu et al.'s critical dimension of Llama 2: d = 128, b = 10⁴, trained on 4096 tokens.
        {"heatmap.critical-dimension-llama2",
         [] { return QString::number(rope::criticalDimension(128, 10000.0, 4096.0)); }},
        {"heatmap.pair0-contrast-600-rows", [] { return heatmapContrast(0); }},
        {"heatmap.pair3-contrast-600-rows", [] { return heatmapContrast(3); }},
        {"precision.float32-spacing-1e6",
         [] {
             return QString::number(rope::formatSpacing(rope::FloatFormat::Float32, 1e6), 'g', 6);
         }},
        {"precision.bfloat16-spacing-1e6",
         [] {
             return QString::number(rope::formatSpacing(rope::FloatFormat::BFloat16, 1e6), 'g', 6);
         }},
        // Worst pair of fl(fl(m)·fl(θᵢ)) − mθᵢ in float32 at m = 2^20 (b = 10⁴, d = 128): the
        // angle of a table built in float32, as Hugging Face multiplies inv_freq by positions.
        {"precision.float32-angle-error-2p20",
         [] {
             const Eigen::ArrayXd probe = Eigen::ArrayXd::Constant(1, 1048576.0);
             return rounded(rope::maxAngleErrorSweep(defaultLadder(), probe,
                                                     rope::FloatFormat::Float32,
                                                     rope::AnglePath::LowPrecisionProduct)[0],
                            2);
         }},
        // ggml-style angles by repeated float32 multiplication, worst pair at m = 2^20.
        {"precision.accumulated-error-2p20",
         [] {
             return rounded(rope::accumulatedAngleError(10000.0, 128, 1 << 20).abs().maxCoeff(), 2);
         }},
        // DeepSeek-V3's softmax scale multiplier g(40, 1)² (yarn_get_mscale, mscale_all_dim 1).
        {"extension.deepseek-softmax-40",
         [] { return QString::number(rope::deepseekSoftmaxScaleMultiplier(40.0, 1.0), 'f', 4); }},
        {"base-bound.min-base-32k-d128", [] { return minimalBaseText(32768, 128); }},
        // Men et al.'s fit 0.0424·L^1.628 over the exact b*(32 768, 128).
        {"base-bound.men-fit-ratio-32k",
         [] {
             const rope::MinimalBase b = rope::minimalBase(32768, 128); // memoised with the value
             return b.found ? QString::number(rope::menFittedBase(32768) / b.base, 'f', 2)
                            : QStringLiteral("—");
         }},
        // A base above b*(32 768, 128) ≈ 6.3·10⁵ that still fails: 635 000 has Σcos < 0 inside
        // 32 768 tokens (the feasible bases above b* form islands).
        {"base-bound.first-negative-635000-32k",
         [] { return distanceText(rope::firstNegativeDistance(128, 635000.0, 32768)); }},
        // Spans: the longest distance a layer sees sets the base it needs. Gemma 3's local
        // layers (window 1024, head 256), its global layers (131 072 positions, linear ×8: Σcos
        // at m/8, so b*(16 384, 256)), Llama 4's chunked layers (chunk 8192, head 128).
        {"spans.min-base-1024-d256", [] { return minimalBaseText(1024, 256); }},
        {"spans.min-base-16384-d256", [] { return minimalBaseText(16384, 256); }},
        {"spans.min-base-8192-d128", [] { return minimalBaseText(8192, 128); }},
        // Decay: the first distance where Σcos turns negative for b = 10⁴, d = 128.
        {"decay.first-negative-1e4-d128",
         [] { return distanceText(rope::firstNegativeDistance(128, 10000.0, 1 << 20)); }},
    };
    return table;
}

// The values already computed, the one process-wide memo left in figures, and why it is safe:
// - every value is a constant: a row's compute() takes no argument and reads no parameter,
//   option, setting or language (numbers are formatted with QLocale::English above, never the
//   system locale), so a cached value equals a fresh one and the memo changes no result, only
//   the time (the b* searches take a third of a second);
// - every access to the hash holds the mutex (a lookup, then an insert after computing outside
//   the lock: two threads may both compute a missing value, and insert equal strings);
// - it is created on first use (thread-safe initialisation of a function-local static) and
//   never destroyed: a worker still filling a lesson while main() returns (the panels load
//   lessons on their pool, the CLI on its own thread) cannot reach a destroyed hash, whatever
//   the order of static destruction. It stays reachable through the static pointer, so it is
//   no leak either, and it holds at most one string per row of the table.
struct ValueMemo {
    QMutex mutex;
    QHash<QString, QString> values;
};

ValueMemo& memo() {
    static ValueMemo* const instance = new ValueMemo;
    return *instance;
}

} // namespace

std::optional<QString> lessonValue(const QString& name) {
    ValueMemo& m = memo();
    {
        const QMutexLocker lock(&m.mutex);
        if (const auto it = m.values.constFind(name); it != m.values.constEnd()) {
            return *it;
        }
    }
    for (const LessonValue& row : lessonValueTable()) {
        if (name == QLatin1String(row.name)) {
            const QString value = row.compute();
            const QMutexLocker lock(&m.mutex);
            m.values.insert(name, value);
            return value;
        }
    }
    return std::nullopt;
}

QMap<QString, QString> lessonValues() {
    QMap<QString, QString> values;
    for (const LessonValue& row : lessonValueTable()) {
        const QString name = QString::fromLatin1(row.name);
        values.insert(name, *lessonValue(name));
    }
    return values;
}

const std::vector<std::string_view>& lessonSectionIds() {
    static const std::vector<std::string_view> ids = {"idea",          "predict", "try",
                                                      "misconception", "using",   "sources"};
    return ids;
}

std::vector<LessonPart> splitLesson(const QString& html) {
    static const QRegularExpression marker(
        QStringLiteral("^[ \\t]*<!--\\s*section:\\s*([a-z-]+)\\s*-->[ \\t]*\\r?\\n?"),
        QRegularExpression::MultilineOption);
    std::vector<LessonPart> parts;
    QString id;
    qsizetype start = 0;
    for (const QRegularExpressionMatch& m : marker.globalMatch(html)) {
        const QString body = html.mid(start, m.capturedStart() - start);
        if (!id.isEmpty() || !body.trimmed().isEmpty()) {
            parts.push_back({id, body});
        }
        id = m.captured(1);
        start = m.capturedEnd();
    }
    const QString body = html.mid(start);
    if (!id.isEmpty() || !body.trimmed().isEmpty()) {
        parts.push_back({id, body});
    }
    return parts;
}

QString lessonSection(std::string_view panel, const QString& language, std::string_view section) {
    const QString wanted =
        QString::fromLatin1(section.data(), static_cast<qsizetype>(section.size()));
    for (const LessonPart& part : splitLesson(lessonHtml(panel, language))) {
        if (!wanted.isEmpty() && part.id == wanted) {
            return part.html;
        }
    }
    return {};
}

QString lessonHtml(std::string_view panel, const QString& language) {
    const QString id = QString::fromLatin1(panel.data(), static_cast<qsizetype>(panel.size()));
    QString html = readResource(QStringLiteral(":/lessons/%1.%2.html").arg(id, language));
    if (html.isEmpty()) {
        html = readResource(QStringLiteral(":/lessons/%1.en.html").arg(id));
    }
    return expandLessonPlaceholders(html);
}

QString expandLessonPlaceholders(const QString& html) {
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{([a-z0-9.-]+)\\}\\}"));
    if (!html.contains(placeholder)) {
        return html;
    }
    QString out;
    qsizetype last = 0;
    for (const QRegularExpressionMatch& m : placeholder.globalMatch(html)) {
        out += html.mid(last, m.capturedStart() - last);
        const QString name = m.captured(1);
        out += lessonValue(name).value_or(QStringLiteral("{{%1?}}").arg(name));
        last = m.capturedEnd();
    }
    out += html.mid(last);
    return out;
}

} // namespace rope::figures
