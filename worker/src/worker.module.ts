import { CoreModule } from '@brandloom/core';
import { Module } from '@nestjs/common';

/** The worker is bootstrap only: the jobs live with their domains in libs/core. */
@Module({ imports: [CoreModule.forRoot({ role: 'worker' })] })
export class WorkerModule {}
