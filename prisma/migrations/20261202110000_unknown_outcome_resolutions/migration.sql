-- Analytics (issue #13): an unknown outcome the publisher marked resolved (the execution record is not changed).
CREATE TABLE "UnknownOutcomeResolution" (
    "executionId" UUID NOT NULL,
    "resolvedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UnknownOutcomeResolution_pkey" PRIMARY KEY ("executionId")
);
ALTER TABLE "UnknownOutcomeResolution" ADD CONSTRAINT "UnknownOutcomeResolution_executionId_fkey" FOREIGN KEY ("executionId") REFERENCES "Execution"("id") ON DELETE CASCADE ON UPDATE CASCADE;
