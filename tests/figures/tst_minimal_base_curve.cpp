// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The dense b*(L) curve's background job (figures/minimal_base_curve.h): asking for another d
// while a job runs queues it instead of joining the running job on the caller's thread (the GUI
// thread, for Resume: it waited 5.5 s for a chunk in the GUI monkey, seed 20261123); the job
// takes the queued d up after its chunk, and Cancel stops both.

#include "figures/minimal_base_curve.h"

#include <QStandardPaths>
#include <QTest>

using rope::figures::minimalBaseCurve;

class TestMinimalBaseCurve : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void anotherDimIsTakenUpAfterTheRunningOne() {
        // d = 64 and d = 32 start at L = 256 with an empty test-mode cache: many small chunks.
        QVERIFY(minimalBaseCurve(64, true).running);
        rope::figures::resumeMinimalBaseCurve(32);
        // Queued or started, it is reported as running at once and never as cancelled.
        QVERIFY(minimalBaseCurve(32, false).running);
        QVERIFY(!minimalBaseCurve(32, false).cancelled);
        // The job moves to d = 32 after its chunk: d = 64 stops, d = 32 makes progress.
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(64, false).running, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(32, false).minimal.empty(), 30000);
        QVERIFY(minimalBaseCurve(32, false).running);

        rope::figures::cancelMinimalBaseCurve();
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(32, false).running, 30000);
        QVERIFY(minimalBaseCurve(32, false).cancelled);
        // A cancelled d does not restart by itself; Resume restarts it.
        QVERIFY(!minimalBaseCurve(32, true).running);
        rope::figures::resumeMinimalBaseCurve(32);
        QVERIFY(minimalBaseCurve(32, false).running);
        rope::figures::cancelMinimalBaseCurve();
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(32, false).running, 30000);
    }

    void cancelDropsAQueuedDim() {
        QVERIFY(minimalBaseCurve(16, true).running);
        rope::figures::resumeMinimalBaseCurve(48);
        rope::figures::cancelMinimalBaseCurve();
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(16, false).running, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!minimalBaseCurve(48, false).running, 30000);
        QVERIFY(minimalBaseCurve(48, false).cancelled);
    }
};

QTEST_GUILESS_MAIN(TestMinimalBaseCurve)
#include "tst_minimal_base_curve.moc"
