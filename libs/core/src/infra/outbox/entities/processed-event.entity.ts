import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Which consumer already handled which event, so a replayed event changes nothing. */
@Entity('processed_events')
export class ProcessedEvent {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  consumer: string;

  @PrimaryColumn({ type: 'uuid' })
  event_id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  processed_at: Date;
}
