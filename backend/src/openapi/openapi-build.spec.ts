import { Controller, Get, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { buildOpenApiDocument } from './index';

/** A controller with one documented GET at `path`. */
function controllerAt(path: string): Type {
  @ApiTags('Account')
  @Controller(path)
  class ProbeController {
    @Get()
    @ApiOperation({ summary: path })
    @ApiOkResponse({ description: path })
    read() {
      return {};
    }
  }
  return ProbeController;
}

const FirstController = controllerAt('api/first');
const SecondController = controllerAt('api/second');

async function appOf(...controllers: Type[]): Promise<NestExpressApplication> {
  @Module({ controllers })
  class ProbeModule {}
  const app = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false });
  await app.init();
  return app;
}

describe('buildOpenApiDocument', () => {
  const apps: NestExpressApplication[] = [];
  const started = async (...controllers: Type[]) => {
    const app = await appOf(...controllers);
    apps.push(app);
    return app;
  };
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('builds the document once for apps of the same controllers, and its own for another set', async () => {
    const first = buildOpenApiDocument(await started(FirstController));
    expect(Object.keys(first.paths)).toEqual(['/api/first']);
    expect(buildOpenApiDocument(await started(FirstController))).toBe(first);

    const both = buildOpenApiDocument(await started(SecondController, FirstController));
    expect(both).not.toBe(first);
    expect(Object.keys(both.paths).sort()).toEqual(['/api/first', '/api/second']);
    expect(buildOpenApiDocument(await started(FirstController, SecondController))).toBe(both);
    expect(Object.keys(buildOpenApiDocument(await started(SecondController)).paths)).toEqual(['/api/second']);
  });
});
