// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared helpers for tests of figure data (no widgets): find a series by its stable id (never
// by its legend text, which is translated), read a readout, and compute a figure the way a
// panel does, options set one at a time and checked against the option table as the panel's
// control would (a value the control would clamp fails the test instead of being clamped).

#include "figures/figure_data.h"
#include "figures/figure_registry.h"
#include "figures/option_table.h"

#include <Eigen/Core>
#include <QTest>
#include <QVariant>

#include <cmath>
#include <optional>
#include <vector>

namespace rope::test {

/// The series with id \p id in \p series, or nullptr.
inline const figures::Series* seriesById(const std::vector<figures::Series>& series,
                                         QStringView id) {
    for (const figures::Series& s : series) {
        if (s.id == id) {
            return &s;
        }
    }
    return nullptr;
}

/// The main plot's series with id \p id, or nullptr.
inline const figures::Series* seriesById(const figures::FigureData& data, QStringView id) {
    return seriesById(data.series, id);
}

/// The side plot's series with id \p id, or nullptr (also when there is no side plot).
inline const figures::Series* sideSeriesById(const figures::FigureData& data, QStringView id) {
    return data.side ? seriesById(data.side->series, id) : nullptr;
}

/// The value of the first readout whose label starts with \p prefix, NaN if none. Readouts
/// have no id; without a translator installed their labels are the English source texts.
inline double readout(const figures::FigureData& data, const QString& prefix) {
    for (const figures::Readout& r : data.readouts) {
        if (r.label.startsWith(prefix)) {
            return r.value;
        }
    }
    return std::nan("");
}

/// Checks that the figure's colour map holds exactly \p expected, row-major (QCOMPARE per cell;
/// on a mismatch the calling test function goes on: check QTest::currentTestFailed()).
inline void compareColourMap(const figures::FigureData& data, const Eigen::MatrixXd& expected) {
    QVERIFY(data.colourMap.has_value());
    const figures::ColourMap& map = *data.colourMap;
    QCOMPARE(map.rows, static_cast<int>(expected.rows()));
    QCOMPARE(map.columns, static_cast<int>(expected.cols()));
    for (Eigen::Index r = 0; r < expected.rows(); ++r) {
        for (Eigen::Index c = 0; c < expected.cols(); ++c) {
            QCOMPARE(map.values[static_cast<std::size_t>(r * expected.cols() + c)], expected(r, c));
        }
    }
}

/// One figure computed like a panel computes it: figureData() with the registry row's defaults,
/// the options set so far and the parameters. data() recomputes after a change.
class FigureFixture {
public:
    explicit FigureFixture(const char* id, rope::RopeParams params = {})
        : m_figure(figures::findFigure(id)), m_params(params) {
        if (m_figure == nullptr) {
            qFatal("no figure '%s' in the registry", id);
        }
    }

    const figures::Figure& figure() const { return *m_figure; }
    const rope::RopeParams& params() const { return m_params; }
    const figures::FigureOptions& options() const { return m_options; }

    void setParams(const rope::RopeParams& params) {
        m_params = params;
        m_data.reset();
    }

    /// Sets option \p key to \p value. Returns false (with a test failure message) when the
    /// table has no such option or refuses the value, or when an Integer is above the bound the
    /// parameters give it (where the panel's spin box would stop).
    [[nodiscard]] bool set(const char* key, const QVariant& value) {
        const QString id = QString::fromLatin1(key);
        const figures::OptionSpec* spec = figures::findOption(m_figure->options(), id);
        if (spec == nullptr) {
            QTest::qFail(qPrintable(QStringLiteral("no option '%1'").arg(id)), __FILE__, __LINE__);
            return false;
        }
        try {
            m_options.insert(id, figures::checkOptionValue(*spec, value));
        } catch (const figures::OptionError& e) {
            QTest::qFail(e.what(), __FILE__, __LINE__);
            return false;
        }
        if (spec->dynamicMax != nullptr && value.toDouble() > spec->dynamicMax(m_params)) {
            QTest::qFail(qPrintable(QStringLiteral("option '%1' = %2 is above its bound %3")
                                        .arg(id, value.toString())
                                        .arg(spec->dynamicMax(m_params))),
                         __FILE__, __LINE__);
            return false;
        }
        m_data.reset();
        return true;
    }

    /// The plot's width in pixels, as the panel passes it (a figure with one column per pixel).
    void setPlotWidth(long long px) {
        m_options.plot.widthPx = static_cast<int>(px);
        m_data.reset();
    }

    const figures::FigureData& data() {
        if (!m_data) {
            m_data = figures::figureData(*m_figure, m_params, m_options);
        }
        return *m_data;
    }

private:
    const figures::Figure* m_figure;
    rope::RopeParams m_params;
    figures::FigureOptions m_options;
    std::optional<figures::FigureData> m_data;
};

} // namespace rope::test

/// Sets an option of a FigureFixture; on a refused value the test function returns (failed).
#define ROPE_SET_OPTION(fixture, key, value)                                                       \
    do {                                                                                           \
        if (!(fixture).set((key), QVariant(value))) {                                              \
            return;                                                                                \
        }                                                                                          \
    } while (false)
