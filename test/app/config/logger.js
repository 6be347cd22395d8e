'use strict';

// The test harness sets STRAPI_LOG_LEVEL=warn so that jest output stays readable.
module.exports = ({ env }) => ({ level: env('STRAPI_LOG_LEVEL', 'http') });
