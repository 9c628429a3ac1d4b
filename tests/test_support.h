// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared helpers for the Qt tests: Eigen metatypes (never declared in core) and a
// comparison that reports the first mismatching index with both values.

#include "core/rope_params.h"

#include <Eigen/Core>
#include <QMetaType>
#include <QString>
#include <QTest>

#include <cmath>
#include <string>
#include <vector>

Q_DECLARE_METATYPE(Eigen::ArrayXd)
Q_DECLARE_METATYPE(Eigen::MatrixXd)
Q_DECLARE_METATYPE(Eigen::VectorXd)
Q_DECLARE_METATYPE(std::vector<double>)

namespace rope {

/// QCOMPARE prints a ScalingKind as its id ("yarn") when it fails; QTest finds this by ADL and
/// frees the text with delete[].
inline char* toString(ScalingKind kind) {
    return QTest::toString(std::string(scalingId(kind)).c_str());
}

} // namespace rope

namespace rope::test {

/// True when \p fn throws rope::InvalidParameter naming \p param (and nothing else).
template <typename Fn> bool throwsNaming(const char* param, Fn&& fn) {
    try {
        fn();
    } catch (const rope::InvalidParameter& e) {
        return e.parameter() == param;
    }
    return false;
}

/// Relative-or-absolute closeness: |a−b| ≤ max(absTol, relTol·max(|a|,|b|)).
inline bool close(double a, double b, double relTol, double absTol = 0.0) {
    if (std::isnan(a) || std::isnan(b)) {
        return false;
    }
    const double scale = std::max(std::abs(a), std::abs(b));
    return std::abs(a - b) <= std::max(absTol, relTol * scale);
}

/// Compares two arrays element by element; on failure names the first bad index and both
/// values, to 17 significant digits.
template <typename A, typename B>
bool compareArrays(const A& actual, const B& expected, double relTol, double absTol,
                   QString* message) {
    if (actual.size() != expected.size()) {
        *message = QStringLiteral("size %1, expected %2").arg(actual.size()).arg(expected.size());
        return false;
    }
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(actual.size()); ++i) {
        const double a = static_cast<double>(actual[i]);
        const double e = static_cast<double>(expected[i]);
        if (!close(a, e, relTol, absTol)) {
            *message = QStringLiteral("first mismatch at index %1: got %2, expected %3 (|diff| %4)")
                           .arg(i)
                           .arg(a, 0, 'g', 17)
                           .arg(e, 0, 'g', 17)
                           .arg(std::abs(a - e), 0, 'g', 3);
            return false;
        }
    }
    return true;
}

} // namespace rope::test

/// QVERIFY2 wrapper around compareArrays.
#define ROPE_COMPARE_ARRAYS(actual, expected, relTol, absTol)                                     \
    do {                                                                                           \
        QString ropeMsg_;                                                                          \
        QVERIFY2(rope::test::compareArrays((actual), (expected), (relTol), (absTol), &ropeMsg_),   \
                 qPrintable(ropeMsg_));                                                            \
    } while (false)
