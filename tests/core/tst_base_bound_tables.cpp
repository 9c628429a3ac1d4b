// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound_tables.h"
#include "tests/core/reference/base_bound_reference_values.h"

#include <QTest>

#include <set>
#include <string>

// Expected values: the rows as printed in kexue.fm/archives/10122 (Su's table and his quote of
// Men, Xu et al., arXiv 2405.14591), first failing distances found by NumPy (every m evaluated;
// pinned in docs/base-bound.md before this table existed), and the independent NumPy brackets
// of b* (tests/core/reference/base_bound_reference.py).

class TestBaseBoundTables : public QObject {
    Q_OBJECT

private slots:
    void tablesHaveElevenRowsEach() {
        int su = 0;
        int men = 0;
        std::set<std::string> ids;
        for (const rope::PublishedMinimalBase& row : rope::publishedMinimalBases()) {
            (row.source == rope::BaseTableSource::Su2024 ? su : men) += 1;
            ids.insert(row.sourceId);
            QCOMPARE(row.dim, 128);
            // 1k … 1M are powers of two, 1k = 1024.
            QVERIFY(row.context >= 1024 && (row.context & (row.context - 1)) == 0);
        }
        QCOMPARE(su, 11);
        QCOMPARE(men, 11);
        QCOMPARE(ids, (std::set<std::string>{"men-2024", "su-2024"}));
    }

    void firstFailingDistancesMatchNumPy_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("label");
        QTest::addColumn<qlonglong>("firstFailing"); // −1: passes
        QTest::newRow("su 1k passes") << "su-2024"
                                      << "1k" << -1LL;
        QTest::newRow("su 256k 2.4e7") << "su-2024"
                                       << "256k" << 141858LL;
        QTest::newRow("su 1M 6.5e7") << "su-2024"
                                     << "1M" << 679592LL;
        QTest::newRow("men 16k 3.1e5") << "men-2024"
                                       << "16k" << 12223LL;
        QTest::newRow("men 128k 7.8e6") << "men-2024"
                                        << "128k" << 128915LL;
        QTest::newRow("men 1M 5.1e8") << "men-2024"
                                      << "1M" << 874868LL;
    }
    void firstFailingDistancesMatchNumPy() {
        QFETCH(QString, source);
        QFETCH(QString, label);
        QFETCH(qlonglong, firstFailing);
        for (const rope::PublishedMinimalBase& row : rope::publishedMinimalBases()) {
            if (source == QLatin1String(row.sourceId) && label == QLatin1String(row.label)) {
                const rope::PublishedBaseCheck check = rope::checkPublishedBase(row, false);
                QCOMPARE(check.passes, firstFailing < 0);
                QCOMPARE(check.firstFailing.value_or(-1), firstFailing);
                return;
            }
        }
        QFAIL("row not found");
    }

    // A printed base below the certified lower bracket of b* cannot pass; one that passes is at
    // least b* (up to the reference's bracket).
    void verdictsAgreeWithReferenceBrackets() {
        int below = 0;
        for (const rope::PublishedMinimalBase& row : rope::publishedMinimalBases()) {
            for (const bool inclusive : {false, true}) {
                for (const auto& ref : rope::reference::kMinBaseBrackets) {
                    if (ref.dim != row.dim || ref.context != row.context ||
                        ref.inclusive != inclusive) {
                        continue;
                    }
                    const rope::PublishedBaseCheck check = rope::checkPublishedBase(row, inclusive);
                    if (row.printedBase < ref.lower) {
                        ++below;
                        QVERIFY2(!check.passes, row.label);
                    }
                    if (check.passes) {
                        QVERIFY2(row.printedBase >= ref.lower, row.label);
                    }
                }
            }
        }
        QVERIFY(below >= 4); // Su's 2k, 16k, 128k, 256k, 512k rows lie below b*
    }
};

QTEST_APPLESS_MAIN(TestBaseBoundTables)
#include "tst_base_bound_tables.moc"
