// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/precision.h"
#include "core/rope_params.h"
#include "tests/core/reference/accumulated_angle_reference.h"

#include <QTest>

#include <cmath>

// Float-accumulated RoPE angles (ggml's repeated multiplication), core/precision.h, against
// tests/core/reference/accumulated_angle_reference.py (NumPy float32 arithmetic from the
// published scheme; the exact angle in float64).
class TestAngleAccumulation : public QObject {
    Q_OBJECT

private slots:
    void matchesNumPy_data() {
        QTest::addColumn<int>("row");
        int n = 0;
        for (const auto& r : accumulated_reference::kRows) {
            QTest::addRow("b=%g r=%d p=%lld i=%d", r.base, r.rotaryDim, r.position, r.pair) << n++;
        }
    }
    void matchesNumPy() {
        QFETCH(int, row);
        const auto& r = accumulated_reference::kRows[row];
        const Eigen::ArrayXd angles = rope::accumulatedAngles(r.base, r.rotaryDim, r.position);
        QCOMPARE(angles.size(), Eigen::Index(r.rotaryDim / 2));
        // IEEE float32 products: the same bits as NumPy's.
        QCOMPARE(angles[r.pair], r.angle);
        // The exact angle: long double here, float64 in the script (≤ 2e-10 rad apart).
        const Eigen::ArrayXd error = rope::accumulatedAngleError(r.base, r.rotaryDim, r.position);
        QVERIFY2(std::abs(error[r.pair] - r.error) <= 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(error[r.pair], 0, 'g', 17)
                                .arg(r.error, 0, 'g', 17)));
    }

    // Exact cases, from the definition: pair 0 is fl(p) = p (no product), and with
    // b = 65536, r = 32 (σ = 1/2) every product is exact, so the error is 0 everywhere.
    void exactCases() {
        QCOMPARE(rope::accumulatedAngleError(10000.0, 128, 1048576)[0], 0.0);
        const Eigen::ArrayXd e = rope::accumulatedAngleError(65536.0, 32, 16777216);
        QCOMPARE(e.abs().maxCoeff(), 0.0);
        const Eigen::ArrayXd positions = (Eigen::ArrayXd(3) << 0.0, 4096.0, 1048576.0).finished();
        const Eigen::ArrayXd worst = rope::maxAccumulatedAngleError(10000.0, 128, positions);
        QCOMPARE(worst[0], 0.0);
        // max over pairs is at least the NumPy row's error at the same position.
        for (const auto& r : accumulated_reference::kRows) {
            if (r.base == 10000.0 && r.rotaryDim == 128 && r.position == 1048576) {
                QVERIFY(worst[2] >= std::abs(r.error) - 1e-9);
            }
        }
    }

    void rejectsInvalidInput() {
        const auto field = [](auto&& call) {
            try {
                call();
            } catch (const rope::InvalidParameter& e) {
                return QString::fromStdString(e.parameter());
            }
            return QString();
        };
        QCOMPARE(field([] { rope::accumulatedAngles(1.0, 128, 5); }), QStringLiteral("base"));
        QCOMPARE(field([] { rope::accumulatedAngles(1e4, 127, 5); }), QStringLiteral("rotary-dim"));
        QCOMPARE(field([] { rope::accumulatedAngles(1e4, 128, 16777217); }),
                 QStringLiteral("position"));
        const Eigen::ArrayXd bad = (Eigen::ArrayXd(1) << 2.5).finished();
        QCOMPARE(field([&] { rope::maxAccumulatedAngleError(1e4, 128, bad); }),
                 QStringLiteral("position"));
    }
};

QTEST_APPLESS_MAIN(TestAngleAccumulation)
#include "tst_angle_accumulation.moc"
