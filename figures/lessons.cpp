// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/lessons.h"

#include "core/frequencies.h"
#include "core/model_layers.h"
#include "core/precision.h"
#include "figures/minimal_base_cache.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

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

QMap<QString, QString> lessonValues() {
    QMap<QString, QString> values;
    // Slowest pair's wavelength 2π/θ_{d/2−1} = 2π·b^((d−2)/d) at b = 10⁴, d = 128.
    const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 10000.0);
    values.insert(QStringLiteral("heatmap.slowest-wavelength"),
                  rounded(rope::wavelengths(theta).maxCoeff(), 2));
    values.insert(QStringLiteral("precision.float32-spacing-1e6"),
                  QString::number(rope::formatSpacing(rope::FloatFormat::Float32, 1e6), 'g', 6));
    values.insert(QStringLiteral("precision.bfloat16-spacing-1e6"),
                  QString::number(rope::formatSpacing(rope::FloatFormat::BFloat16, 1e6), 'g', 6));
    // DeepSeek-V3's softmax scale multiplier g(40, 1)² (yarn_get_mscale with mscale_all_dim 1).
    values.insert(QStringLiteral("extension.deepseek-softmax-40"),
                  QString::number(rope::deepseekSoftmaxScaleMultiplier(40.0, 1.0), 'f', 4));
    // b*(32768, 128): the search takes well under a second and is memoised.
    const rope::MinimalBase b = cachedMinimalBase(32768, 128);
    values.insert(QStringLiteral("base-bound.min-base-32k"),
                  b.found ? QStringLiteral("b* ≈ ") + rounded(b.base, 3) : QStringLiteral("—"));
    return values;
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
    const QMap<QString, QString> values = lessonValues();
    QString out;
    qsizetype last = 0;
    for (const QRegularExpressionMatch& m : placeholder.globalMatch(html)) {
        out += html.mid(last, m.capturedStart() - last);
        const QString name = m.captured(1);
        out += values.contains(name) ? values.value(name) : QStringLiteral("{{%1?}}").arg(name);
        last = m.capturedEnd();
    }
    out += html.mid(last);
    return out;
}

} // namespace rope::figures
